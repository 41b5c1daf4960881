"""The asyncio client against the real coordinator: concurrent jobs, downloads, paging, event
streams and errors. Runs its coroutines with asyncio.run (no pytest plugin needed)."""

from __future__ import annotations

import asyncio
import uuid
from urllib.parse import urlsplit

import pytest
from _cluster import Cluster

from crawl_network import AsyncCrawlClient, CrawlNotFoundError, CrawlWaitTimeoutError, WaitOptions

WAIT = WaitOptions(timeout=90)


def test_async_jobs_crawl_and_events(cluster: Cluster) -> None:
    async def main() -> None:
        async with AsyncCrawlClient(cluster.url, cluster.api_key) as crawl:
            jobs = await asyncio.gather(
                *(crawl.run_job({"url": f"{cluster.site_url}/p/{i}"}, WAIT) for i in range(3))
            )
            assert [j["status"] for j in jobs] == ["completed"] * 3
            page = await crawl.download_as(jobs[2]["job_id"], "text")
            assert page.content_type.startswith("text/plain")
            assert "/p/5 /p/6" in page.content.decode()  # page 2 links to pages 5 and 6
            content = await crawl.download(jobs[0]["job_id"])
            assert content["mainResult"]["statusCode"] == 200

            events = [e async for e in crawl.job_events(jobs[1]["job_id"])]
            assert [e.type for e in events] == ["job.completed"]

            started = await crawl.create_crawl({"url": f"{cluster.site_url}/p/0", "max_pages": 3, "sitemap": "skip"})
            done = await crawl.wait_for_crawl(started["crawl_id"], WAIT)
            assert done["counts"]["done"] == 3
            paths = sorted([urlsplit(p["url"]).path async for p in crawl.crawl_pages(started["crawl_id"])])
            assert paths == ["/p/0", "/p/1", "/p/2"]

    asyncio.run(main())


def test_async_full_page_screenshot(cluster: Cluster) -> None:
    if cluster.browser is not True:
        pytest.skip(f"no browser: {cluster.browser}")

    async def main() -> None:
        async with AsyncCrawlClient(cluster.url, cluster.api_key) as crawl:
            job = await crawl.run_job({"url": f"{cluster.site_url}/p/3", "method": "CRAWL_FULL_PAGE"}, WAIT)
            assert job["status"] == "completed", job
            png = await crawl.screenshot(job["job_id"])
            assert png.startswith(b"\x89PNG\r\n\x1a\n")
            html = await crawl.download_as(job["job_id"], "html")
            assert b"<h1>page 3</h1>" in html.content

    asyncio.run(main())


def test_async_errors_and_timeouts(cluster: Cluster) -> None:
    async def main() -> None:
        async with AsyncCrawlClient(cluster.url, cluster.api_key) as crawl:
            with pytest.raises(CrawlNotFoundError) as missing:
                await crawl.get_job(str(uuid.uuid4()))
            assert missing.value.api_message == "not found: job does not exist or you are not authorized to view it"

            job = await crawl.submit_job({"url": "http://127.0.0.1:9/", "placement": {"device_id": "nobody"}})
            with pytest.raises(CrawlWaitTimeoutError):
                await crawl.wait_for_job(job["job_id"], WaitOptions(timeout=0.3, min_interval=0.05))
            assert (await crawl.cancel_job(job["job_id"]))["error_type"] == "cancelled"

    asyncio.run(main())
