"""The synchronous client: one method per endpoint of the coordinator API (docs/api.md)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, TypeVar, cast

import httpx

from . import _calls as calls
from . import _wait as waits
from . import types as t
from ._http import Call, DownloadedBytes, client_headers, transport_error
from ._sse import Event, SseParser
from ._wait import Finished, Poller, WaitOptions

T = TypeVar("T")


class CrawlClient:
    """A client of one coordinator, authenticated by one API key.

    ``base_url`` is the coordinator's address (e.g. ``https://crawl.example.com``, no
    ``/crawl/v1``). ``timeout`` (seconds, default 30) bounds each request; ``http_client`` is an
    ``httpx.Client`` of your own (its base URL and auth are set per request). Use it as a context
    manager, or call :meth:`close`.
    """

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        timeout: float = 30.0,
        headers: Mapping[str, str] | None = None,
        http_client: httpx.Client | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self._headers = client_headers(api_key, dict(headers or {}))
        self._own = http_client is None
        self._http = http_client or httpx.Client(timeout=timeout)

    def close(self) -> None:
        if self._own:
            self._http.close()

    def __enter__(self) -> CrawlClient:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _send(self, call: Call[T]) -> T:
        args = call.request_args()
        args["url"] = self.base_url + call.path
        args["headers"] = {**self._headers, **args["headers"]}
        try:
            response = self._http.request(**args)
        except httpx.HTTPError as err:
            raise transport_error(call, self.base_url, err) from err
        return call.finish(response.status_code, response.headers.get("content-type", ""), response.content)

    def _wait(
        self,
        id: str,
        read: Callable[[], T],
        finished: Finished[T],
        options: WaitOptions | None,
        on_update: Callable[[T], None] | None,
    ) -> T:
        poller = Poller(id, options or WaitOptions())
        while True:
            value = read()
            if on_update is not None:
                on_update(value)
            if finished.done(value):
                return value
            time.sleep(poller.next_gap(finished.status(value)))

    # -------------------------------------------------------------------------------------- jobs

    def submit_job(self, request: t.NewJobRequest, *, idempotency_key: str | None = None) -> t.Job:
        """``POST /crawl/v1/new``: submits a job (the Job, ``pending``)."""
        return self._send(calls.submit_job(request, idempotency_key))

    def get_job(self, job_id: str) -> t.Job:
        """``GET /crawl/v1/status/{id}``: the Job alone, a cheap poll."""
        return self._send(calls.get_job(job_id))

    def batch_status(self, job_ids: Sequence[str]) -> t.BatchStatusResponse:
        """``POST /crawl/v1/jobs/batch/status``: up to 1,000 jobs by id."""
        return self._send(calls.batch_status(job_ids))

    def get_job_detail(
        self, job_id: str, *, parse_cookies: bool = False, include_body: bool = False
    ) -> t.JobDetail:
        """``GET /crawl/v1/jobs/{id}/detail``: result, TLS, headers (and the body if asked)."""
        return self._send(calls.get_job_detail(job_id, parse_cookies, include_body))

    def download(self, job_id: str) -> t.DownloadContent:
        """``GET /crawl/v1/jobs/{id}/download``: the download object. 409 before completion."""
        return self._send(calls.download(job_id))

    def download_as(self, job_id: str, format: calls.DownloadFormat) -> DownloadedBytes:
        """``GET /crawl/v1/jobs/{id}/download?format=…``: ``raw`` (the target's body), ``html``,
        ``markdown``, ``text`` and the page formats, as bytes with their content type."""
        return self._send(calls.download_as(job_id, format))

    def screenshot(self, job_id: str) -> bytes:
        """``GET /crawl/v1/jobs/{id}/screenshot``: the PNG of a full-page job."""
        return self._send(calls.screenshot(job_id)).content

    def cancel_job(self, job_id: str) -> t.Job:
        """``POST /crawl/v1/jobs/{id}/cancel``: the job fails ``cancelled``. A job that had ended
        raises :class:`CrawlConflictError` (``conflict: job has already ended``)."""
        return self._send(calls.cancel_job(job_id))

    def wait_for_job(
        self,
        job_id: str,
        options: WaitOptions | None = None,
        *,
        on_update: Callable[[t.Job], None] | None = None,
    ) -> t.Job:
        """Polls the job until it is ``completed`` or ``failed``."""
        return self._wait(job_id, lambda: self.get_job(job_id), waits.JOB, options, on_update)

    def run_job(
        self,
        request: t.NewJobRequest,
        options: WaitOptions | None = None,
        *,
        on_update: Callable[[t.Job], None] | None = None,
    ) -> t.Job:
        """Submits a job and waits for it to end."""
        job = self.submit_job(request)
        return self.wait_for_job(job["job_id"], options, on_update=on_update)

    # ----------------------------------------------------------------------------------- batches

    def submit_many(
        self,
        jobs: Sequence[t.NewJobRequest],
        *,
        defaults: Mapping[str, Any] | None = None,
        idempotency_key: str | None = None,
    ) -> t.BatchCreated:
        """``POST /crawl/v1/batch/new``: up to 1,000 jobs, each answered on its own in ``results``
        (``{"job"}`` or ``{"error": {code, message}}``); ``defaults`` apply to every job."""
        return self._send(calls.submit_many(jobs, defaults, idempotency_key))

    def get_batch(
        self, batch_id: str, *, cursor: str | int | None = None, limit: int | None = None
    ) -> t.BatchStatus:
        """``GET /crawl/v1/batch/{id}``: counts by status and a page of job ids."""
        return self._send(calls.get_batch(batch_id, cursor, limit))

    def batch_job_ids(self, batch_id: str) -> Iterator[str]:
        """Every job id of the batch, in request order, following ``next_cursor``."""
        cursor: str | int | None = None
        while True:
            page = self.get_batch(batch_id, cursor=cursor, limit=1000)
            yield from page["job_ids"]
            cursor = page.get("next_cursor")
            if cursor is None:
                return

    def cancel_batch(self, batch_id: str) -> t.BatchCancelled:
        """``POST /crawl/v1/batch/{id}/cancel``: its unfinished jobs fail ``cancelled``."""
        return self._send(calls.cancel_batch(batch_id))

    def wait_for_batch(
        self,
        batch_id: str,
        options: WaitOptions | None = None,
        *,
        on_update: Callable[[t.BatchStatus], None] | None = None,
    ) -> t.BatchStatus:
        """Polls the batch until every accepted job has ended (``completed`` is true)."""
        return self._wait(
            batch_id, lambda: self.get_batch(batch_id, limit=1), waits.BATCH, options, on_update
        )

    # ---------------------------------------------------------------------------------- sessions

    def create_session(self, request: t.NewSessionRequest | None = None) -> t.Session:
        """``POST /crawl/v1/session/new``: jobs naming it run on one device, sharing cookies."""
        return self._send(calls.create_session(request or {}))

    def get_session(self, session_id: str) -> t.Session:
        """``GET /crawl/v1/session/{id}``."""
        return self._send(calls.get_session(session_id))

    def get_session_jobs(self, session_id: str) -> t.SessionJobs:
        """``GET /crawl/v1/session/{id}/jobs``: oldest first."""
        return self._send(calls.get_session_jobs(session_id))

    def close_session(self, session_id: str) -> None:
        """``POST /crawl/v1/session/{id}/close`` (closing twice is fine)."""
        self._send(calls.close_session(session_id))

    # ------------------------------------------------------------------------------------ sweeps

    def create_sweep(
        self, request: t.NewSweepRequest, *, idempotency_key: str | None = None
    ) -> t.SweepCreated:
        """``POST /crawl/v1/sweep/new``: one URL from several regions (with ``report_url``)."""
        return self._send(calls.create_sweep(request, idempotency_key))

    def get_sweep(self, sweep_id: str) -> t.Sweep:
        """``GET /crawl/v1/sweep/{id}``."""
        return self._send(calls.get_sweep(sweep_id))

    def wait_for_sweep(
        self,
        sweep_id: str,
        options: WaitOptions | None = None,
        *,
        on_update: Callable[[t.Sweep], None] | None = None,
    ) -> t.Sweep:
        """Polls the sweep until it is no longer ``running``."""
        return self._wait(sweep_id, lambda: self.get_sweep(sweep_id), waits.SWEEP, options, on_update)

    # ---------------------------------------------------------------------------------- schedules

    def create_schedule(self, request: t.NewScheduleRequest) -> t.Schedule:
        """``POST /crawl/v1/sweep/schedule``: a recurring sweep (cron + sweep fields)."""
        return cast(t.Schedule, self._send(calls.create_schedule("sweep", request)))

    def list_schedules(self) -> list[t.Schedule]:
        """``GET /crawl/v1/sweep/schedule``: the key owner's schedules, oldest first."""
        return cast(list[t.Schedule], self._send(calls.list_schedules("sweep"))["schedules"])

    def get_schedule(self, schedule_id: str, *, runs: int | None = None) -> t.ScheduleDetail:
        """``GET /crawl/v1/sweep/schedule/{id}`` with its newest ``runs`` (0..50, default 10)."""
        return cast(t.ScheduleDetail, self._send(calls.get_schedule("sweep", schedule_id, runs)))

    def set_schedule_paused(self, schedule_id: str, paused: bool) -> t.Schedule:
        """``POST /crawl/v1/sweep/schedule/{id}/pause`` or ``/resume``."""
        return cast(t.Schedule, self._send(calls.set_schedule_paused("sweep", schedule_id, paused)))

    def delete_schedule(self, schedule_id: str) -> None:
        """``DELETE /crawl/v1/sweep/schedule/{id}``: no more firings."""
        self._send(calls.delete_schedule("sweep", schedule_id))

    # ------------------------------------------------------------------------------ measurements

    def measure(
        self, request: t.NewMeasurementRequest, *, idempotency_key: str | None = None
    ) -> t.MeasurementCreated:
        """``POST /crawl/v1/measure/new``: dns, ping, traceroute, mtr or tls from devices."""
        return self._send(calls.measure(request, idempotency_key))

    def get_measurement(self, measurement_id: str) -> t.Measurement:
        """``GET /crawl/v1/measure/{id}``: each device's result so far."""
        return self._send(calls.get_measurement(measurement_id))

    def wait_for_measurement(
        self,
        measurement_id: str,
        options: WaitOptions | None = None,
        *,
        on_update: Callable[[t.Measurement], None] | None = None,
    ) -> t.Measurement:
        """Polls the measurement until it is ``finished``; ``on_update`` sees each read."""
        return self._wait(
            measurement_id,
            lambda: self.get_measurement(measurement_id),
            waits.MEASUREMENT,
            options,
            on_update,
        )

    def create_measure_schedule(self, request: t.NewMeasureScheduleRequest) -> t.MeasureSchedule:
        """``POST /crawl/v1/measure/schedule``: a recurring measurement."""
        return cast(t.MeasureSchedule, self._send(calls.create_schedule("measure", request)))

    def list_measure_schedules(self) -> list[t.MeasureSchedule]:
        """``GET /crawl/v1/measure/schedule``."""
        return cast(list[t.MeasureSchedule], self._send(calls.list_schedules("measure"))["schedules"])

    def get_measure_schedule(
        self, schedule_id: str, *, runs: int | None = None
    ) -> t.MeasureScheduleDetail:
        """``GET /crawl/v1/measure/schedule/{id}`` with its newest runs."""
        return cast(
            t.MeasureScheduleDetail, self._send(calls.get_schedule("measure", schedule_id, runs))
        )

    def set_measure_schedule_paused(self, schedule_id: str, paused: bool) -> t.MeasureSchedule:
        """``POST /crawl/v1/measure/schedule/{id}/pause`` or ``/resume``."""
        return cast(
            t.MeasureSchedule, self._send(calls.set_schedule_paused("measure", schedule_id, paused))
        )

    def delete_measure_schedule(self, schedule_id: str) -> None:
        """``DELETE /crawl/v1/measure/schedule/{id}``."""
        self._send(calls.delete_schedule("measure", schedule_id))

    # ------------------------------------------------------------------------ site crawls, maps

    def create_crawl(self, request: t.NewCrawlRequest) -> t.SiteCrawl:
        """``POST /crawl/v1/crawl/new``: a whole site, polite to it, over the fleet."""
        return self._send(calls.create_crawl(request))

    def get_crawl(
        self,
        crawl_id: str,
        *,
        after: int | None = None,
        limit: int | None = None,
        status: calls.CrawlPageStatus | None = None,
    ) -> t.SiteCrawl:
        """``GET /crawl/v1/crawl/{id}``: status, counts and the pages after ``after``."""
        return self._send(calls.get_crawl(crawl_id, after, limit, status))

    def crawl_pages(
        self, crawl_id: str, *, status: calls.CrawlPageStatus | None = None
    ) -> Iterator[t.SiteCrawlPage]:
        """Every page of the crawl's list, following ``next_cursor``."""
        after: int | None = None
        while True:
            page = self.get_crawl(crawl_id, after=after, limit=1000, status=status)
            yield from page["pages"]
            after = page.get("next_cursor")
            if after is None:
                return

    def cancel_crawl(self, crawl_id: str) -> t.SiteCrawl:
        """``POST /crawl/v1/crawl/{id}/cancel``: no new page is fetched; pages in flight fail."""
        return self._send(calls.cancel_crawl(crawl_id))

    def wait_for_crawl(
        self,
        crawl_id: str,
        options: WaitOptions | None = None,
        *,
        on_update: Callable[[t.SiteCrawl], None] | None = None,
    ) -> t.SiteCrawl:
        """Polls the crawl until it is no longer ``running``."""
        return self._wait(
            crawl_id, lambda: self.get_crawl(crawl_id, limit=1), waits.CRAWL, options, on_update
        )

    def create_map(self, request: t.NewMapRequest) -> t.SiteMap:
        """``POST /crawl/v1/map``: the site's URLs when done within ``wait_sec``, else what is
        known so far (status ``running``; read on with :meth:`get_map` or :meth:`wait_for_map`)."""
        return self._send(calls.create_map(request))

    def get_map(self, map_id: str, *, after: int | None = None, limit: int | None = None) -> t.SiteMap:
        """``GET /crawl/v1/map/{id}``: the map's URLs after ``after``."""
        return self._send(calls.get_map(map_id, after, limit))

    def wait_for_map(
        self,
        map_id: str,
        options: WaitOptions | None = None,
        *,
        on_update: Callable[[t.SiteMap], None] | None = None,
    ) -> t.SiteMap:
        """Polls the map until it is no longer ``running``."""
        return self._wait(map_id, lambda: self.get_map(map_id, limit=1), waits.MAP, options, on_update)

    def map_links(self, map_id: str) -> Iterator[str]:
        """Every URL of the map, following ``next_cursor``."""
        after: int | None = None
        while True:
            page = self.get_map(map_id, after=after, limit=1000)
            yield from page["links"]
            after = page.get("next_cursor")
            if after is None:
                return

    # ---------------------------------------------------------------------------------- webhooks

    def get_default_webhook(self) -> t.DefaultWebhook:
        """``GET /crawl/v1/webhooks/default``: URL and events (never the secret)."""
        return self._send(calls.get_default_webhook())

    def set_default_webhook(self, request: t.DefaultWebhookRequest) -> t.DefaultWebhook:
        """``PUT /crawl/v1/webhooks/default``: ``url`` (None removes it), ``events``,
        ``rotate_secret``. The answer carries ``secret`` the first time (and after a rotation)."""
        return self._send(calls.set_default_webhook(request))

    def list_deliveries(
        self,
        *,
        limit: int | None = None,
        before: str | None = None,
        job_id: str | None = None,
        sweep_id: str | None = None,
    ) -> t.DeliveryList:
        """``GET /crawl/v1/webhooks/deliveries``: the delivery log, newest first."""
        return self._send(calls.list_deliveries(limit, before, job_id, sweep_id))

    # ------------------------------------------------------------------ devices, usage, the spec

    def list_devices(self, *, connected: bool | None = None) -> t.DeviceList:
        """``GET /crawl/v1/devices`` (admin keys only; others get 403)."""
        return self._send(calls.list_devices(connected))

    def get_usage(self) -> t.Usage:
        """``GET /crawl/v1/usage``: the key's limits and its usage in the current windows."""
        return self._send(calls.get_usage())

    def openapi(self) -> dict[str, Any]:
        """``GET /crawl/v1/openapi.json``: the OpenAPI 3.1 document of this API."""
        return self._send(calls.openapi())

    # ----------------------------------------------------------------------------- event streams

    def events(self, *, last_event_id: str | None = None) -> Iterator[Event]:
        """``GET /crawl/v1/events``: every event of the key's jobs, sweeps, batches and crawls,
        from after ``last_event_id`` on; it never ends (stop iterating to close it)."""
        return self._stream(calls.event_stream_path("all", None), last_event_id)

    def job_events(self, job_id: str) -> Iterator[Event]:
        """``GET /crawl/v1/jobs/{id}/events``: ends after ``job.completed`` / ``job.failed``."""
        return self._stream(calls.event_stream_path("job", job_id), None)

    def sweep_events(self, sweep_id: str) -> Iterator[Event]:
        """``GET /crawl/v1/sweep/{id}/events``: ends after ``sweep.completed``."""
        return self._stream(calls.event_stream_path("sweep", sweep_id), None)

    def measurement_events(self, measurement_id: str) -> Iterator[Event]:
        """``GET /crawl/v1/measure/{id}/events``."""
        return self._stream(calls.event_stream_path("measure", measurement_id), None)

    def _stream(self, path: str, last_event_id: str | None) -> Iterator[Event]:
        call: Call[None] = Call("GET", path, answer="none")
        headers = dict(self._headers)
        if last_event_id is not None:
            headers["last-event-id"] = last_event_id
        # No read timeout: the stream is quiet between events (heartbeats come every 15 s).
        timeout = httpx.Timeout(self._http.timeout.connect, read=None)
        try:
            with self._http.stream("GET", self.base_url + path, headers=headers, timeout=timeout) as response:
                if response.status_code != 200:
                    response.read()
                    call.finish(response.status_code, "", response.content)
                parser = SseParser()
                for line in response.iter_lines():
                    event = parser.feed(line.rstrip("\r\n"))  # httpx 0.23 keeps the line break, 0.24+ drops it
                    if event is not None:
                        yield event
        except httpx.HTTPError as err:
            raise transport_error(call, self.base_url, err) from err
