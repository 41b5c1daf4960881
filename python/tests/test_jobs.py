"""Jobs through the sync client against a real coordinator and agent: submit and wait, every
download form, detail, cancel, waits that time out, and errors with the contract's exact words."""

from __future__ import annotations

import uuid

import pytest

from crawl_network import (
    CrawlApiError,
    CrawlClient,
    CrawlConflictError,
    CrawlForbiddenError,
    CrawlInvalidRequestError,
    CrawlNotFoundError,
    CrawlTransportError,
    CrawlUnauthorizedError,
    CrawlWaitTimeoutError,
    WaitOptions,
)

from _cluster import Cluster

NO_JOB = "not found: job does not exist or you are not authorized to view it"


def test_get_job_submit_wait_and_download(crawl: CrawlClient, cluster: Cluster) -> None:
    seen: list[str] = []
    job = crawl.run_job({"url": f"{cluster.site_url}/p/1"}, on_update=lambda j: seen.append(j["status"]))
    assert job["status"] == "completed", job
    assert job["device_id"] == cluster.device_id
    assert seen[-1] == "completed"
    assert crawl.get_job(job["job_id"]) == job

    content = crawl.download(job["job_id"])
    assert content["mainResult"]["statusCode"] == 200
    assert "<h1>page 1</h1>" in content["mainResult"]["body"]
    assert content["metadata"]["device_id"] == cluster.device_id

    raw = crawl.download_as(job["job_id"], "raw")
    assert raw.content_type.startswith("text/html")
    assert b"<h1>page 1</h1>" in raw.content
    markdown = crawl.download_as(job["job_id"], "markdown")
    assert markdown.content_type.startswith("text/markdown")
    assert "page 1" in markdown.content.decode()

    detail = crawl.get_job_detail(job["job_id"], include_body=True)
    assert detail["status_code"] == 200
    assert "<h1>page 1</h1>" in detail["body"]

    status = crawl.batch_status([job["job_id"], "nope"])
    assert status["results"][job["job_id"]]["job"]["status"] == "completed"  # type: ignore[typeddict-item]
    assert status["results"]["nope"]["error"]["code"] == "invalid_uuid"  # type: ignore[typeddict-item]


def test_a_job_that_waits_times_out_then_is_cancelled(crawl: CrawlClient) -> None:
    # No device is called this: the job stays pending until its own timeout.
    job = crawl.submit_job({"url": "http://127.0.0.1:9/", "placement": {"device_id": "nobody"}, "timeout_sec": 60})
    with pytest.raises(CrawlWaitTimeoutError) as waited:
        crawl.wait_for_job(job["job_id"], WaitOptions(timeout=0.5, min_interval=0.05))
    assert waited.value.id == job["job_id"]
    assert waited.value.last_status == "pending"

    with pytest.raises(CrawlConflictError) as early:
        crawl.download(job["job_id"])
    assert early.value.api_message == "conflict: job is not yet completed"
    assert early.value.status == 409

    cancelled = crawl.cancel_job(job["job_id"])
    assert cancelled["status"] == "failed"
    assert cancelled["error_type"] == "cancelled"
    assert cancelled["error_message"] == "cancelled by the client"
    with pytest.raises(CrawlConflictError) as again:
        crawl.cancel_job(job["job_id"])
    assert again.value.api_message == "conflict: job has already ended"
    assert again.value.code == "conflict"
    assert again.value.request == f"POST /crawl/v1/jobs/{job['job_id']}/cancel"


def test_errors_carry_the_contract_messages(crawl: CrawlClient, cluster: Cluster) -> None:
    missing = str(uuid.uuid4())
    with pytest.raises(CrawlNotFoundError) as not_found:
        crawl.get_job(missing)
    assert (not_found.value.status, not_found.value.code, not_found.value.api_message) == (404, "not_found", NO_JOB)
    assert not not_found.value.retryable

    # Session endpoints answer {"error": …}; the SDK reads the same message out of either shape.
    with pytest.raises(CrawlNotFoundError) as no_session:
        crawl.get_session(missing)
    assert no_session.value.api_message == "not found: session does not exist"

    with pytest.raises(CrawlInvalidRequestError) as invalid:
        crawl.submit_job({"url": "ftp://example.com/"})
    assert invalid.value.api_message == "invalid request: url must be an absolute http or https URL"
    assert invalid.value.status == 400

    with pytest.raises(CrawlForbiddenError) as forbidden:
        crawl.list_devices()
    assert forbidden.value.api_message == "forbidden: this endpoint needs an admin API key"

    with CrawlClient(cluster.url, "ck_not_a_key") as stranger:
        with pytest.raises(CrawlUnauthorizedError) as unauthorized:
            stranger.get_usage()
    assert unauthorized.value.api_message == "unauthorized: invalid or missing API key"
    assert isinstance(unauthorized.value, CrawlApiError)

    # Another owner's job is that owner's 404, never a 403.
    job = crawl.submit_job({"url": f"{cluster.site_url}/p/2"})
    with CrawlClient(cluster.url, cluster.other_key) as other:
        with pytest.raises(CrawlNotFoundError) as foreign:
            other.get_job(job["job_id"])
    assert foreign.value.api_message == NO_JOB
    crawl.wait_for_job(job["job_id"], WaitOptions(timeout=60))

    with CrawlClient("http://127.0.0.1:9", cluster.api_key, timeout=5) as nowhere:
        with pytest.raises(CrawlTransportError) as transport:
            nowhere.get_usage()
    assert transport.value.code == "transport"
    assert str(transport.value) == "GET /crawl/v1/usage: cannot reach http://127.0.0.1:9"


def test_devices_usage_and_openapi(crawl: CrawlClient, cluster: Cluster) -> None:
    with CrawlClient(cluster.url, cluster.admin_key) as admin:
        devices = admin.list_devices(connected=True)
    assert cluster.device_id in [d["device_id"] for d in devices["devices"]]
    usage = crawl.get_usage()
    assert usage["key_id"]
    assert crawl.openapi()["openapi"].startswith("3.1")
