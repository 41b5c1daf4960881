"""The SDK's TypedDicts against the contract: the generated file is current, and the keys of real
answers are keys the types declare (so a type checker reading an answer is not misled)."""

from __future__ import annotations

import subprocess
import typing

from _cluster import ROOT, Cluster

from crawl_network import CrawlClient, WaitOptions, types


def test_generated_types_are_current() -> None:
    check = subprocess.run(
        ["node", "--import", "tsx", "python/scripts/gen-types.ts", "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert check.returncode == 0, check.stderr


#: Fields real answers carry that the contract's schema does not list yet (a gap of contract/, not of
#: the SDK: the devices route adds its trust standing, docs/security.md). Anything else undeclared fails.
UNDECLARED_IN_CONTRACT = {"Device": {"quarantined", "trust"}}


def _keys(typed: type) -> set[str]:
    return set(typing.get_type_hints(typed).keys())


def _required(typed: type) -> frozenset[str]:
    return typed.__required_keys__  # type: ignore[attr-defined, no-any-return]


def test_real_answers_fit_their_types(crawl: CrawlClient, cluster: Cluster) -> None:
    job = crawl.run_job({"url": f"{cluster.site_url}/p/1"}, WaitOptions(timeout=90))
    session = crawl.create_session()
    crawl.run_job({"url": f"{cluster.site_url}/p/2", "session_id": session["id"]}, WaitOptions(timeout=90))
    content = crawl.download(job["job_id"])
    batch = crawl.submit_many([{"url": f"{cluster.site_url}/p/3"}])
    started = crawl.create_crawl({"url": f"{cluster.site_url}/p/5", "max_pages": 1, "sitemap": "skip"})
    site_crawl = crawl.wait_for_crawl(started["crawl_id"], WaitOptions(timeout=90))
    with CrawlClient(cluster.url, cluster.admin_key) as admin:
        devices = admin.list_devices()
    answers: list[tuple[type, object]] = [
        (types.Job, job),
        (types.JobDetail, crawl.get_job_detail(job["job_id"], parse_cookies=True)),
        (types.DownloadContent, content),
        (types.DownloadMetadata, content["metadata"]),
        (types.Session, crawl.get_session(session["id"])),
        (types.SessionJobs, crawl.get_session_jobs(session["id"])),
        (types.SessionJobEntry, crawl.get_session_jobs(session["id"])["jobs"][0]),
        (types.BatchCreated, batch),
        (types.BatchStatus, crawl.wait_for_batch(batch["batch_id"], WaitOptions(timeout=90))),
        (types.SiteCrawl, site_crawl),
        (types.SiteCrawlPage, next(crawl.crawl_pages(started["crawl_id"]))),
        (types.DeviceList, devices),
        (types.Device, devices["devices"][0]),
        (types.Usage, crawl.get_usage()),
    ]
    for typed, answer in answers:
        assert isinstance(answer, dict)
        name = typed.__name__
        undeclared = set(answer) - _keys(typed) - UNDECLARED_IN_CONTRACT.get(name, set())
        assert not undeclared, f"{name}: {undeclared} undeclared"
        assert _required(typed) <= set(answer), f"{name}: {_required(typed) - set(answer)} missing"
    crawl.close_session(session["id"])
