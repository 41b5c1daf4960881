"""Batches, sessions, sweeps, site crawls and maps, measurements and schedules through the sync
client, against the real coordinator and agent."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from _cluster import Cluster

from crawl_network import CrawlClient, CrawlNotFoundError, WaitOptions

WAIT = WaitOptions(timeout=90)


def test_batch_submit_wait_page_and_cancel(crawl: CrawlClient, cluster: Cluster) -> None:
    created = crawl.submit_many(
        [{"url": f"{cluster.site_url}/p/3"}, {"url": "not a url"}, {"url": f"{cluster.site_url}/p/4"}],
        defaults={"timeout_sec": 20},
    )
    assert (created["requested_count"], created["accepted_count"]) == (3, 2)
    refused = created["results"][1]
    assert refused == {
        "error": {"code": "invalid_request", "message": "invalid request: url must be an absolute http or https URL"}
    }
    accepted = [r["job"]["job_id"] for r in created["results"] if "job" in r]  # type: ignore[typeddict-item]

    batch = crawl.wait_for_batch(created["batch_id"], WAIT)
    assert batch["completed"] is True
    assert batch["counts"]["completed"] == 2
    assert list(crawl.batch_job_ids(created["batch_id"])) == accepted

    again = crawl.cancel_batch(created["batch_id"])
    assert again["cancelled_count"] == 0


def test_session_pins_one_device(crawl: CrawlClient, cluster: Cluster) -> None:
    session = crawl.create_session({"duration_seconds": 120})
    assert session["status"] == "active"
    for page in (5, 6):
        job = crawl.run_job({"url": f"{cluster.site_url}/p/{page}", "session_id": session["id"]}, WAIT)
        assert job["status"] == "completed"
    jobs = crawl.get_session_jobs(session["id"])
    assert len(jobs["jobs"]) == 2
    assert crawl.get_session(session["id"])["device_id"] == cluster.device_id
    crawl.close_session(session["id"])
    crawl.close_session(session["id"])  # twice is fine
    assert crawl.get_session(session["id"])["status"] == "closed"


def test_sweep_runs_and_ends(crawl: CrawlClient, cluster: Cluster) -> None:
    if cluster.browser is not True:
        pytest.skip(f"sweeps are full-page crawls: {cluster.browser}")
    created = crawl.create_sweep(
        {"url": f"{cluster.site_url}/p/0", "regions": ["EU"], "tries_per_region": 1, "device_type": "desktop"}
    )
    assert created["report_url"]
    sweep = crawl.wait_for_sweep(created["sweep_id"], WAIT)
    assert sweep["status"] == "completed", sweep


def test_site_crawl_and_map(crawl: CrawlClient, cluster: Cluster) -> None:
    started = crawl.create_crawl({"url": f"{cluster.site_url}/p/0", "max_pages": 20, "sitemap": "skip"})
    done = crawl.wait_for_crawl(started["crawl_id"], WAIT)
    assert done["status"] == "completed", done
    pages = list(crawl.crawl_pages(started["crawl_id"]))
    # The site is a binary tree of 7 pages under /p/0.
    assert sorted(urlsplit(p["url"]).path for p in pages) == [f"/p/{i}" for i in range(7)]
    assert {p["status"] for p in pages} == {"done"}

    site_map = crawl.create_map({"url": f"{cluster.site_url}/p/0", "wait_sec": 30})
    if site_map["status"] == "running":
        site_map = crawl.wait_for_map(site_map["map_id"], WAIT)
    links = list(crawl.map_links(site_map["map_id"]))
    assert {f"{cluster.site_url}/p/{i}" for i in range(7)} <= set(links)

    with pytest.raises(CrawlNotFoundError) as missing:
        crawl.get_crawl("00000000-0000-7000-8000-000000000000")
    assert missing.value.api_message == "not found: crawl does not exist or you are not authorized to view it"


def test_tcp_ping_measurement(crawl: CrawlClient, cluster: Cluster) -> None:
    port = urlsplit(cluster.site_url).port
    created = crawl.measure({"type": "ping", "target": "127.0.0.1", "protocol": "tcp", "port": port, "packets": 2})
    assert created["total_devices"] == 1
    updates: list[str] = []
    measurement = crawl.wait_for_measurement(created["id"], WAIT, on_update=lambda m: updates.append(m["status"]))
    assert measurement["status"] == "finished"
    assert updates[-1] == "finished"
    (entry,) = measurement["results"]
    assert entry["result"] is not None


def test_sweep_and_measure_schedules(crawl: CrawlClient, cluster: Cluster) -> None:
    schedule = crawl.create_schedule(
        {"url": f"{cluster.site_url}/p/0", "cron": "0 3 * * *", "regions": ["EU"], "paused": True}
    )
    assert schedule["paused"] is True
    assert schedule["schedule_id"] in [s["schedule_id"] for s in crawl.list_schedules()]
    assert crawl.set_schedule_paused(schedule["schedule_id"], False)["paused"] is False
    assert crawl.get_schedule(schedule["schedule_id"], runs=5)["runs"] == []
    crawl.delete_schedule(schedule["schedule_id"])
    with pytest.raises(CrawlNotFoundError):
        crawl.get_schedule(schedule["schedule_id"])

    measuring = crawl.create_measure_schedule({"type": "dns", "target": "example.com", "cron": "0 4 * * *"})
    assert measuring["measure"]["type"] == "dns"
    assert measuring["schedule_id"] in [s["schedule_id"] for s in crawl.list_measure_schedules()]
    assert crawl.set_measure_schedule_paused(measuring["schedule_id"], True)["paused"] is True
    assert crawl.get_measure_schedule(measuring["schedule_id"])["schedule_id"] == measuring["schedule_id"]
    crawl.delete_measure_schedule(measuring["schedule_id"])
