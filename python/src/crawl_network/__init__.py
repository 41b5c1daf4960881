"""Python SDK of the crawl network's coordinator API (docs/api.md).

    from crawl_network import CrawlClient

    with CrawlClient("http://127.0.0.1:8080", api_key) as crawl:
        job = crawl.run_job({"url": "https://example.com/"})
        page = crawl.download(job["job_id"])

:class:`AsyncCrawlClient` has the same methods for asyncio. Answers are the coordinator's JSON as
dicts, typed by :mod:`crawl_network.types`; errors are :class:`CrawlApiError` subclasses carrying
the HTTP status, a stable ``code`` and the contract's message.
"""

from __future__ import annotations

from . import types
from ._calls import CrawlPageStatus, DownloadFormat
from ._http import DownloadedBytes
from ._sse import Event
from ._wait import WaitOptions
from .async_client import AsyncCrawlClient
from .client import CrawlClient
from .errors import (
    CrawlApiError,
    CrawlConflictError,
    CrawlError,
    CrawlErrorCode,
    CrawlForbiddenError,
    CrawlGoneError,
    CrawlInvalidRequestError,
    CrawlNotFoundError,
    CrawlRateLimitedError,
    CrawlServerError,
    CrawlTransportError,
    CrawlUnauthorizedError,
    CrawlWaitTimeoutError,
    WebhookVerificationError,
    api_error_for,
)
from .webhooks import sign_webhook, verify_webhook

__all__ = [
    "AsyncCrawlClient",
    "CrawlApiError",
    "CrawlClient",
    "CrawlConflictError",
    "CrawlError",
    "CrawlErrorCode",
    "CrawlForbiddenError",
    "CrawlGoneError",
    "CrawlInvalidRequestError",
    "CrawlNotFoundError",
    "CrawlPageStatus",
    "CrawlRateLimitedError",
    "CrawlServerError",
    "CrawlTransportError",
    "CrawlUnauthorizedError",
    "CrawlWaitTimeoutError",
    "DownloadFormat",
    "DownloadedBytes",
    "Event",
    "WaitOptions",
    "WebhookVerificationError",
    "api_error_for",
    "sign_webhook",
    "types",
    "verify_webhook",
]
