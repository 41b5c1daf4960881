"""The asyncio client: the same methods as :class:`CrawlClient`, awaited (docs/api.md)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from typing import Any, TypeVar, cast

import httpx

from . import _calls as calls
from . import _wait as waits
from . import types as t
from ._http import Call, DownloadedBytes, client_headers, transport_error
from ._sse import Event, SseParser
from ._wait import Finished, Poller, WaitOptions

T = TypeVar("T")


class AsyncCrawlClient:
    """A client of one coordinator, authenticated by one API key.

    ``base_url`` is the coordinator's address (e.g. ``https://crawl.example.com``, no
    ``/crawl/v1``). ``timeout`` (seconds, default 30) bounds each request; ``http_client`` is an
    ``httpx.AsyncClient`` of your own (its base URL and auth are set per request). Use it as a context
    manager (``async with``), or await :meth:`close`.
    """

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        timeout: float = 30.0,
        headers: Mapping[str, str] | None = None,
        http_client: httpx.AsyncClient | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self._headers = client_headers(api_key, dict(headers or {}))
        self._own = http_client is None
        self._http = http_client or httpx.AsyncClient(timeout=timeout)

    async def close(self) -> None:
        if self._own:
            await self._http.aclose()

    async def __aenter__(self) -> AsyncCrawlClient:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.close()

    async def _send(self, call: Call[T]) -> T:
        args = call.request_args()
        args["url"] = self.base_url + call.path
        args["headers"] = {**self._headers, **args["headers"]}
        try:
            response = await self._http.request(**args)
        except httpx.HTTPError as err:
            raise transport_error(call, self.base_url, err) from err
        return call.finish(response.status_code, response.headers.get("content-type", ""), response.content)

    async def _wait(
        self,
        id: str,
        read: Callable[[], Awaitable[T]],
        finished: Finished[T],
        options: WaitOptions | None,
        on_update: Callable[[T], None] | None,
    ) -> T:
        poller = Poller(id, options or WaitOptions())
        while True:
            value = await read()
            if on_update is not None:
                on_update(value)
            if finished.done(value):
                return value
            await asyncio.sleep(poller.next_gap(finished.status(value)))

    # -------------------------------------------------------------------------------------- jobs

    async def submit_job(self, request: t.NewJobRequest, *, idempotency_key: str | None = None) -> t.Job:
        """``POST /crawl/v1/new``: submits a job (the Job, ``pending``)."""
        return await self._send(calls.submit_job(request, idempotency_key))

    async def get_job(self, job_id: str) -> t.Job:
        """``GET /crawl/v1/status/{id}``: the Job alone, a cheap poll."""
        return await self._send(calls.get_job(job_id))

    async def batch_status(self, job_ids: Sequence[str]) -> t.BatchStatusResponse:
        """``POST /crawl/v1/jobs/batch/status``: up to 1,000 jobs by id."""
        return await self._send(calls.batch_status(job_ids))

    async def get_job_detail(
        self, job_id: str, *, parse_cookies: bool = False, include_body: bool = False
    ) -> t.JobDetail:
        """``GET /crawl/v1/jobs/{id}/detail``: result, TLS, headers (and the body if asked)."""
        return await self._send(calls.get_job_detail(job_id, parse_cookies, include_body))

    async def download(self, job_id: str) -> t.DownloadContent:
        """``GET /crawl/v1/jobs/{id}/download``: the download object. 409 before completion."""
        return await self._send(calls.download(job_id))

    async def download_as(self, job_id: str, format: calls.DownloadFormat) -> DownloadedBytes:
        """``GET /crawl/v1/jobs/{id}/download?format=…``: ``raw`` (the target's body), ``html``,
        ``markdown``, ``text`` and the page formats, as bytes with their content type."""
        return await self._send(calls.download_as(job_id, format))

    async def screenshot(self, job_id: str) -> bytes:
        """``GET /crawl/v1/jobs/{id}/screenshot``: the PNG of a full-page job."""
        return (await self._send(calls.screenshot(job_id))).content

    async def cancel_job(self, job_id: str) -> t.Job:
        """``POST /crawl/v1/jobs/{id}/cancel``: the job fails ``cancelled``. A job that had ended
        raises :class:`CrawlConflictError` (``conflict: job has already ended``)."""
        return await self._send(calls.cancel_job(job_id))

    async def wait_for_job(
        self,
        job_id: str,
        options: WaitOptions | None = None,
        *,
        on_update: Callable[[t.Job], None] | None = None,
    ) -> t.Job:
        """Polls the job until it is ``completed`` or ``failed``."""
        return await self._wait(job_id, lambda: self.get_job(job_id), waits.JOB, options, on_update)

    async def run_job(
        self,
        request: t.NewJobRequest,
        options: WaitOptions | None = None,
        *,
        on_update: Callable[[t.Job], None] | None = None,
    ) -> t.Job:
        """Submits a job and waits for it to end."""
        job = await self.submit_job(request)
        return await self.wait_for_job(job["job_id"], options, on_update=on_update)

    # ----------------------------------------------------------------------------------- batches

    async def submit_many(
        self,
        jobs: Sequence[t.NewJobRequest],
        *,
        defaults: Mapping[str, Any] | None = None,
        idempotency_key: str | None = None,
    ) -> t.BatchCreated:
        """``POST /crawl/v1/batch/new``: up to 1,000 jobs, each answered on its own in ``results``
        (``{"job"}`` or ``{"error": {code, message}}``); ``defaults`` apply to every job."""
        return await self._send(calls.submit_many(jobs, defaults, idempotency_key))

    async def get_batch(
        self, batch_id: str, *, cursor: str | int | None = None, limit: int | None = None
    ) -> t.BatchStatus:
        """``GET /crawl/v1/batch/{id}``: counts by status and a page of job ids."""
        return await self._send(calls.get_batch(batch_id, cursor, limit))

    async def batch_job_ids(self, batch_id: str) -> AsyncIterator[str]:
        """Every job id of the batch, in request order, following ``next_cursor``."""
        cursor: str | int | None = None
        while True:
            page = await self.get_batch(batch_id, cursor=cursor, limit=1000)
            for item in page["job_ids"]:
                yield item
            cursor = page.get("next_cursor")
            if cursor is None:
                return

    async def cancel_batch(self, batch_id: str) -> t.BatchCancelled:
        """``POST /crawl/v1/batch/{id}/cancel``: its unfinished jobs fail ``cancelled``."""
        return await self._send(calls.cancel_batch(batch_id))

    async def wait_for_batch(
        self,
        batch_id: str,
        options: WaitOptions | None = None,
        *,
        on_update: Callable[[t.BatchStatus], None] | None = None,
    ) -> t.BatchStatus:
        """Polls the batch until every accepted job has ended (``completed`` is true)."""
        return await self._wait(
            batch_id, lambda: self.get_batch(batch_id, limit=1), waits.BATCH, options, on_update
        )

    # ---------------------------------------------------------------------------------- sessions

    async def create_session(self, request: t.NewSessionRequest | None = None) -> t.Session:
        """``POST /crawl/v1/session/new``: jobs naming it run on one device, sharing cookies."""
        return await self._send(calls.create_session(request or {}))

    async def get_session(self, session_id: str) -> t.Session:
        """``GET /crawl/v1/session/{id}``."""
        return await self._send(calls.get_session(session_id))

    async def get_session_jobs(self, session_id: str) -> t.SessionJobs:
        """``GET /crawl/v1/session/{id}/jobs``: oldest first."""
        return await self._send(calls.get_session_jobs(session_id))

    async def close_session(self, session_id: str) -> None:
        """``POST /crawl/v1/session/{id}/close`` (closing twice is fine)."""
        await self._send(calls.close_session(session_id))

    # ------------------------------------------------------------------------------------ sweeps

    async def create_sweep(
        self, request: t.NewSweepRequest, *, idempotency_key: str | None = None
    ) -> t.SweepCreated:
        """``POST /crawl/v1/sweep/new``: one URL from several regions (with ``report_url``)."""
        return await self._send(calls.create_sweep(request, idempotency_key))

    async def get_sweep(self, sweep_id: str) -> t.Sweep:
        """``GET /crawl/v1/sweep/{id}``."""
        return await self._send(calls.get_sweep(sweep_id))

    async def wait_for_sweep(
        self,
        sweep_id: str,
        options: WaitOptions | None = None,
        *,
        on_update: Callable[[t.Sweep], None] | None = None,
    ) -> t.Sweep:
        """Polls the sweep until it is no longer ``running``."""
        return await self._wait(sweep_id, lambda: self.get_sweep(sweep_id), waits.SWEEP, options, on_update)

    # ---------------------------------------------------------------------------------- schedules

    async def create_schedule(self, request: t.NewScheduleRequest) -> t.Schedule:
        """``POST /crawl/v1/sweep/schedule``: a recurring sweep (cron + sweep fields)."""
        return cast(t.Schedule, await self._send(calls.create_schedule("sweep", request)))

    async def list_schedules(self) -> list[t.Schedule]:
        """``GET /crawl/v1/sweep/schedule``: the key owner's schedules, oldest first."""
        return cast(list[t.Schedule], (await self._send(calls.list_schedules("sweep")))["schedules"])

    async def get_schedule(self, schedule_id: str, *, runs: int | None = None) -> t.ScheduleDetail:
        """``GET /crawl/v1/sweep/schedule/{id}`` with its newest ``runs`` (0..50, default 10)."""
        return cast(t.ScheduleDetail, await self._send(calls.get_schedule("sweep", schedule_id, runs)))

    async def set_schedule_paused(self, schedule_id: str, paused: bool) -> t.Schedule:
        """``POST /crawl/v1/sweep/schedule/{id}/pause`` or ``/resume``."""
        return cast(t.Schedule, await self._send(calls.set_schedule_paused("sweep", schedule_id, paused)))

    async def delete_schedule(self, schedule_id: str) -> None:
        """``DELETE /crawl/v1/sweep/schedule/{id}``: no more firings."""
        await self._send(calls.delete_schedule("sweep", schedule_id))

    # ------------------------------------------------------------------------------ measurements

    async def measure(
        self, request: t.NewMeasurementRequest, *, idempotency_key: str | None = None
    ) -> t.MeasurementCreated:
        """``POST /crawl/v1/measure/new``: dns, ping, traceroute, mtr or tls from devices."""
        return await self._send(calls.measure(request, idempotency_key))

    async def get_measurement(self, measurement_id: str) -> t.Measurement:
        """``GET /crawl/v1/measure/{id}``: each device's result so far."""
        return await self._send(calls.get_measurement(measurement_id))

    async def wait_for_measurement(
        self,
        measurement_id: str,
        options: WaitOptions | None = None,
        *,
        on_update: Callable[[t.Measurement], None] | None = None,
    ) -> t.Measurement:
        """Polls the measurement until it is ``finished``; ``on_update`` sees each read."""
        return await self._wait(
            measurement_id,
            lambda: self.get_measurement(measurement_id),
            waits.MEASUREMENT,
            options,
            on_update,
        )

    async def create_measure_schedule(self, request: t.NewMeasureScheduleRequest) -> t.MeasureSchedule:
        """``POST /crawl/v1/measure/schedule``: a recurring measurement."""
        return cast(t.MeasureSchedule, await self._send(calls.create_schedule("measure", request)))

    async def list_measure_schedules(self) -> list[t.MeasureSchedule]:
        """``GET /crawl/v1/measure/schedule``."""
        return cast(list[t.MeasureSchedule], (await self._send(calls.list_schedules("measure")))["schedules"])

    async def get_measure_schedule(
        self, schedule_id: str, *, runs: int | None = None
    ) -> t.MeasureScheduleDetail:
        """``GET /crawl/v1/measure/schedule/{id}`` with its newest runs."""
        return cast(
            t.MeasureScheduleDetail, await self._send(calls.get_schedule("measure", schedule_id, runs))
        )

    async def set_measure_schedule_paused(self, schedule_id: str, paused: bool) -> t.MeasureSchedule:
        """``POST /crawl/v1/measure/schedule/{id}/pause`` or ``/resume``."""
        return cast(
            t.MeasureSchedule, await self._send(calls.set_schedule_paused("measure", schedule_id, paused))
        )

    async def delete_measure_schedule(self, schedule_id: str) -> None:
        """``DELETE /crawl/v1/measure/schedule/{id}``."""
        await self._send(calls.delete_schedule("measure", schedule_id))

    # ------------------------------------------------------------------------ site crawls, maps

    async def create_crawl(self, request: t.NewCrawlRequest) -> t.SiteCrawl:
        """``POST /crawl/v1/crawl/new``: a whole site, polite to it, over the fleet."""
        return await self._send(calls.create_crawl(request))

    async def get_crawl(
        self,
        crawl_id: str,
        *,
        after: int | None = None,
        limit: int | None = None,
        status: calls.CrawlPageStatus | None = None,
    ) -> t.SiteCrawl:
        """``GET /crawl/v1/crawl/{id}``: status, counts and the pages after ``after``."""
        return await self._send(calls.get_crawl(crawl_id, after, limit, status))

    async def crawl_pages(
        self, crawl_id: str, *, status: calls.CrawlPageStatus | None = None
    ) -> AsyncIterator[t.SiteCrawlPage]:
        """Every page of the crawl's list, following ``next_cursor``."""
        after: int | None = None
        while True:
            page = await self.get_crawl(crawl_id, after=after, limit=1000, status=status)
            for item in page["pages"]:
                yield item
            after = page.get("next_cursor")
            if after is None:
                return

    async def cancel_crawl(self, crawl_id: str) -> t.SiteCrawl:
        """``POST /crawl/v1/crawl/{id}/cancel``: no new page is fetched; pages in flight fail."""
        return await self._send(calls.cancel_crawl(crawl_id))

    async def wait_for_crawl(
        self,
        crawl_id: str,
        options: WaitOptions | None = None,
        *,
        on_update: Callable[[t.SiteCrawl], None] | None = None,
    ) -> t.SiteCrawl:
        """Polls the crawl until it is no longer ``running``."""
        return await self._wait(
            crawl_id, lambda: self.get_crawl(crawl_id, limit=1), waits.CRAWL, options, on_update
        )

    async def create_map(self, request: t.NewMapRequest) -> t.SiteMap:
        """``POST /crawl/v1/map``: the site's URLs when done within ``wait_sec``, else what is
        known so far (status ``running``; read on with :meth:`get_map` or :meth:`wait_for_map`)."""
        return await self._send(calls.create_map(request))

    async def get_map(self, map_id: str, *, after: int | None = None, limit: int | None = None) -> t.SiteMap:
        """``GET /crawl/v1/map/{id}``: the map's URLs after ``after``."""
        return await self._send(calls.get_map(map_id, after, limit))

    async def wait_for_map(
        self,
        map_id: str,
        options: WaitOptions | None = None,
        *,
        on_update: Callable[[t.SiteMap], None] | None = None,
    ) -> t.SiteMap:
        """Polls the map until it is no longer ``running``."""
        return await self._wait(map_id, lambda: self.get_map(map_id, limit=1), waits.MAP, options, on_update)

    async def map_links(self, map_id: str) -> AsyncIterator[str]:
        """Every URL of the map, following ``next_cursor``."""
        after: int | None = None
        while True:
            page = await self.get_map(map_id, after=after, limit=1000)
            for item in page["links"]:
                yield item
            after = page.get("next_cursor")
            if after is None:
                return

    # ---------------------------------------------------------------------------------- webhooks

    async def get_default_webhook(self) -> t.DefaultWebhook:
        """``GET /crawl/v1/webhooks/default``: URL and events (never the secret)."""
        return await self._send(calls.get_default_webhook())

    async def set_default_webhook(self, request: t.DefaultWebhookRequest) -> t.DefaultWebhook:
        """``PUT /crawl/v1/webhooks/default``: ``url`` (None removes it), ``events``,
        ``rotate_secret``. The answer carries ``secret`` the first time (and after a rotation)."""
        return await self._send(calls.set_default_webhook(request))

    async def list_deliveries(
        self,
        *,
        limit: int | None = None,
        before: str | None = None,
        job_id: str | None = None,
        sweep_id: str | None = None,
    ) -> t.DeliveryList:
        """``GET /crawl/v1/webhooks/deliveries``: the delivery log, newest first."""
        return await self._send(calls.list_deliveries(limit, before, job_id, sweep_id))

    # ------------------------------------------------------------------ devices, usage, the spec

    async def list_devices(self, *, connected: bool | None = None) -> t.DeviceList:
        """``GET /crawl/v1/devices`` (admin keys only; others get 403)."""
        return await self._send(calls.list_devices(connected))

    async def get_usage(self) -> t.Usage:
        """``GET /crawl/v1/usage``: the key's limits and its usage in the current windows."""
        return await self._send(calls.get_usage())

    async def openapi(self) -> dict[str, Any]:
        """``GET /crawl/v1/openapi.json``: the OpenAPI 3.1 document of this API."""
        return await self._send(calls.openapi())

    # ----------------------------------------------------------------------------- event streams

    def events(self, *, last_event_id: str | None = None) -> AsyncIterator[Event]:
        """``GET /crawl/v1/events``: every event of the key's jobs, sweeps, batches and crawls,
        from after ``last_event_id`` on; it never ends (stop iterating to close it)."""
        return self._stream(calls.event_stream_path("all", None), last_event_id)

    def job_events(self, job_id: str) -> AsyncIterator[Event]:
        """``GET /crawl/v1/jobs/{id}/events``: ends after ``job.completed`` / ``job.failed``."""
        return self._stream(calls.event_stream_path("job", job_id), None)

    def sweep_events(self, sweep_id: str) -> AsyncIterator[Event]:
        """``GET /crawl/v1/sweep/{id}/events``: ends after ``sweep.completed``."""
        return self._stream(calls.event_stream_path("sweep", sweep_id), None)

    def measurement_events(self, measurement_id: str) -> AsyncIterator[Event]:
        """``GET /crawl/v1/measure/{id}/events``."""
        return self._stream(calls.event_stream_path("measure", measurement_id), None)

    async def _stream(self, path: str, last_event_id: str | None) -> AsyncIterator[Event]:
        call: Call[None] = Call("GET", path, answer="none")
        headers = dict(self._headers)
        if last_event_id is not None:
            headers["last-event-id"] = last_event_id
        # No read timeout: the stream is quiet between events (heartbeats come every 15 s).
        timeout = httpx.Timeout(self._http.timeout.connect, read=None)
        try:
            async with self._http.stream("GET", self.base_url + path, headers=headers, timeout=timeout) as response:
                if response.status_code != 200:
                    await response.aread()
                    call.finish(response.status_code, "", response.content)
                parser = SseParser()
                async for line in response.aiter_lines():
                    event = parser.feed(line.rstrip("\r\n"))  # httpx 0.23 keeps the line break, 0.24+ drops it
                    if event is not None:
                        yield event
        except httpx.HTTPError as err:
            raise transport_error(call, self.base_url, err) from err
