"""Every endpoint of the coordinator API (docs/api.md) as a :class:`Call`: its method, path,
query, body, success statuses and how its answer is read. The sync and async clients are thin
wrappers that send these, so both say the same thing about each endpoint, once."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal
from urllib.parse import quote

from . import types as t
from ._http import Call, DownloadedBytes

DownloadFormat = Literal[
    "json", "raw", "html", "markdown", "text", "extract", "har", "pdf", "lighthouse"
]
CrawlPageStatus = Literal["queued", "running", "done", "failed", "skipped_robots"]
ScheduleKind = Literal["sweep", "measure"]


def _id(value: str) -> str:
    return quote(value, safe="")


def _query(**values: str | int | bool | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in values.items():
        if value is None:
            continue
        out[key] = ("true" if value else "false") if isinstance(value, bool) else str(value)
    return out


def _idempotency(key: str | None) -> dict[str, str]:
    return {} if key is None else {"idempotency-key": key}


# ------------------------------------------------------------------------------------------ jobs


def submit_job(request: t.NewJobRequest, idempotency_key: str | None) -> Call[t.Job]:
    return Call("POST", "/crawl/v1/new", body=request, headers=_idempotency(idempotency_key), expect=(201,))


def get_job(job_id: str) -> Call[t.Job]:
    return Call("GET", f"/crawl/v1/status/{_id(job_id)}")


def batch_status(job_ids: Sequence[str]) -> Call[t.BatchStatusResponse]:
    return Call("POST", "/crawl/v1/jobs/batch/status", body={"job_ids": list(job_ids)})


def get_job_detail(job_id: str, parse_cookies: bool, include_body: bool) -> Call[t.JobDetail]:
    return Call(
        "GET",
        f"/crawl/v1/jobs/{_id(job_id)}/detail",
        params=_query(parse_cookies=parse_cookies or None, include_body=include_body or None),
    )


def download(job_id: str) -> Call[t.DownloadContent]:
    return Call("GET", f"/crawl/v1/jobs/{_id(job_id)}/download")


def download_as(job_id: str, format: DownloadFormat) -> Call[DownloadedBytes]:
    return Call("GET", f"/crawl/v1/jobs/{_id(job_id)}/download", params={"format": format}, answer="bytes")


def screenshot(job_id: str) -> Call[DownloadedBytes]:
    return Call("GET", f"/crawl/v1/jobs/{_id(job_id)}/screenshot", answer="bytes")


def cancel_job(job_id: str) -> Call[t.Job]:
    return Call("POST", f"/crawl/v1/jobs/{_id(job_id)}/cancel")


# --------------------------------------------------------------------------------------- batches


def submit_many(
    jobs: Sequence[t.NewJobRequest], defaults: Mapping[str, Any] | None, idempotency_key: str | None
) -> Call[t.BatchCreated]:
    return Call(
        "POST",
        "/crawl/v1/batch/new",
        body={**(defaults or {}), "jobs": list(jobs)},
        headers=_idempotency(idempotency_key),
        expect=(201,),
    )


def get_batch(batch_id: str, cursor: str | int | None, limit: int | None) -> Call[t.BatchStatus]:
    return Call("GET", f"/crawl/v1/batch/{_id(batch_id)}", params=_query(cursor=cursor, limit=limit))


def cancel_batch(batch_id: str) -> Call[t.BatchCancelled]:
    return Call("POST", f"/crawl/v1/batch/{_id(batch_id)}/cancel")


# -------------------------------------------------------------------------------------- sessions


def create_session(request: t.NewSessionRequest) -> Call[t.Session]:
    return Call("POST", "/crawl/v1/session/new", body=request, expect=(201,))


def get_session(session_id: str) -> Call[t.Session]:
    return Call("GET", f"/crawl/v1/session/{_id(session_id)}")


def get_session_jobs(session_id: str) -> Call[t.SessionJobs]:
    return Call("GET", f"/crawl/v1/session/{_id(session_id)}/jobs")


def close_session(session_id: str) -> Call[None]:
    return Call("POST", f"/crawl/v1/session/{_id(session_id)}/close", expect=(204,), answer="none")


# ---------------------------------------------------------------------------- sweeps, schedules


def create_sweep(request: t.NewSweepRequest, idempotency_key: str | None) -> Call[t.SweepCreated]:
    return Call(
        "POST", "/crawl/v1/sweep/new", body=request, headers=_idempotency(idempotency_key), expect=(201,)
    )


def get_sweep(sweep_id: str) -> Call[t.Sweep]:
    return Call("GET", f"/crawl/v1/sweep/{_id(sweep_id)}")


def _schedule_base(kind: ScheduleKind) -> str:
    return f"/crawl/v1/{kind}/schedule"


def create_schedule(kind: ScheduleKind, request: Mapping[str, Any]) -> Call[Any]:
    return Call("POST", _schedule_base(kind), body=dict(request), expect=(201,))


def list_schedules(kind: ScheduleKind) -> Call[Any]:
    return Call("GET", _schedule_base(kind))


def get_schedule(kind: ScheduleKind, schedule_id: str, runs: int | None) -> Call[Any]:
    return Call("GET", f"{_schedule_base(kind)}/{_id(schedule_id)}", params=_query(runs=runs))


def set_schedule_paused(kind: ScheduleKind, schedule_id: str, paused: bool) -> Call[Any]:
    action = "pause" if paused else "resume"
    return Call("POST", f"{_schedule_base(kind)}/{_id(schedule_id)}/{action}")


def delete_schedule(kind: ScheduleKind, schedule_id: str) -> Call[None]:
    return Call("DELETE", f"{_schedule_base(kind)}/{_id(schedule_id)}", expect=(204,), answer="none")


# ---------------------------------------------------------------------------------- measurements


def measure(request: t.NewMeasurementRequest, idempotency_key: str | None) -> Call[t.MeasurementCreated]:
    return Call(
        "POST", "/crawl/v1/measure/new", body=request, headers=_idempotency(idempotency_key), expect=(201,)
    )


def get_measurement(measurement_id: str) -> Call[t.Measurement]:
    return Call("GET", f"/crawl/v1/measure/{_id(measurement_id)}")


# --------------------------------------------------------------------------- site crawls and maps


def create_crawl(request: t.NewCrawlRequest) -> Call[t.SiteCrawl]:
    return Call("POST", "/crawl/v1/crawl/new", body=request, expect=(201,))


def get_crawl(
    crawl_id: str, after: int | None, limit: int | None, status: CrawlPageStatus | None
) -> Call[t.SiteCrawl]:
    after = None if after is None or after < 0 else after
    return Call(
        "GET", f"/crawl/v1/crawl/{_id(crawl_id)}", params=_query(after=after, limit=limit, status=status)
    )


def cancel_crawl(crawl_id: str) -> Call[t.SiteCrawl]:
    return Call("POST", f"/crawl/v1/crawl/{_id(crawl_id)}/cancel")


def create_map(request: t.NewMapRequest) -> Call[t.SiteMap]:
    return Call("POST", "/crawl/v1/map", body=request, expect=(200, 202))


def get_map(map_id: str, after: int | None, limit: int | None) -> Call[t.SiteMap]:
    after = None if after is None or after < 0 else after
    return Call("GET", f"/crawl/v1/map/{_id(map_id)}", params=_query(after=after, limit=limit))


# ------------------------------------------------------------------ webhooks, devices, usage, spec


def get_default_webhook() -> Call[t.DefaultWebhook]:
    return Call("GET", "/crawl/v1/webhooks/default")


def set_default_webhook(request: t.DefaultWebhookRequest) -> Call[t.DefaultWebhook]:
    return Call("PUT", "/crawl/v1/webhooks/default", body=request)


def list_deliveries(
    limit: int | None, before: str | None, job_id: str | None, sweep_id: str | None
) -> Call[t.DeliveryList]:
    return Call(
        "GET",
        "/crawl/v1/webhooks/deliveries",
        params=_query(limit=limit, before=before, job_id=job_id, sweep_id=sweep_id),
    )


def list_devices(connected: bool | None) -> Call[t.DeviceList]:
    return Call("GET", "/crawl/v1/devices", params=_query(connected=connected))


def get_usage() -> Call[t.Usage]:
    return Call("GET", "/crawl/v1/usage")


def openapi() -> Call[dict[str, Any]]:
    return Call("GET", "/crawl/v1/openapi.json")


# --------------------------------------------------------------------------------- event streams


def event_stream_path(kind: Literal["all", "job", "sweep", "measure"], id: str | None) -> str:
    if kind == "all":
        return "/crawl/v1/events"
    assert id is not None
    return {
        "job": f"/crawl/v1/jobs/{_id(id)}/events",
        "sweep": f"/crawl/v1/sweep/{_id(id)}/events",
        "measure": f"/crawl/v1/measure/{_id(id)}/events",
    }[kind]
