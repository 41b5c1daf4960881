"""Errors of the SDK, mirroring the TypeScript client's (client/errors.ts).

Every error answer of the coordinator raises a :class:`CrawlApiError` subclass chosen by the HTTP
status, carrying the status, a stable ``code`` and the contract's message word for word
(``api_message``). Branch on the class or on ``code``, never on the message text.
"""

from __future__ import annotations

from typing import Final, Literal

CrawlErrorCode = Literal[
    "invalid_request",
    "unauthorized",
    "forbidden",
    "not_found",
    "conflict",
    "gone",
    "too_many_requests",
    "internal",
    "unexpected_status",
]

_CODE_BY_STATUS: Final[dict[int, CrawlErrorCode]] = {
    400: "invalid_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    409: "conflict",
    410: "gone",
    429: "too_many_requests",
}


class CrawlError(Exception):
    """Base class of every error this SDK raises."""

    code: str


class CrawlApiError(CrawlError):
    """An error answer of the coordinator (any status other than the endpoint's success)."""

    code: CrawlErrorCode

    def __init__(self, status: int, code: CrawlErrorCode, api_message: str, request: str) -> None:
        super().__init__(f"{request} answered {status}: {api_message}")
        #: The HTTP status, e.g. 409.
        self.status = status
        self.code = code
        #: The contract message, e.g. ``conflict: job is not yet completed``.
        self.api_message = api_message
        #: Method and path of the request that failed, e.g. ``GET /crawl/v1/status/…``.
        self.request = request
        #: Whether the same request may succeed later (429 and 5xx).
        self.retryable = status == 429 or status >= 500


class CrawlInvalidRequestError(CrawlApiError):
    """400: the request was refused; the message names the field."""


class CrawlUnauthorizedError(CrawlApiError):
    """401: the API key is missing, unknown or revoked."""


class CrawlForbiddenError(CrawlApiError):
    """403: the key may not use this endpoint (e.g. devices need an admin key)."""


class CrawlNotFoundError(CrawlApiError):
    """404: it does not exist, or it belongs to another key's owner."""


class CrawlConflictError(CrawlApiError):
    """409: the job has not completed yet (download), or had already ended (cancel)."""


class CrawlGoneError(CrawlApiError):
    """410: the job's content was archived."""


class CrawlRateLimitedError(CrawlApiError):
    """429: the queue is full or the key is over one of its limits."""


class CrawlServerError(CrawlApiError):
    """5xx: the coordinator failed; details are only in its log."""


_CLASS_BY_CODE: Final[dict[CrawlErrorCode, type[CrawlApiError]]] = {
    "invalid_request": CrawlInvalidRequestError,
    "unauthorized": CrawlUnauthorizedError,
    "forbidden": CrawlForbiddenError,
    "not_found": CrawlNotFoundError,
    "conflict": CrawlConflictError,
    "gone": CrawlGoneError,
    "too_many_requests": CrawlRateLimitedError,
    "internal": CrawlServerError,
}


def api_error_for(status: int, api_message: str, request: str) -> CrawlApiError:
    """The error for an answer: the class follows the status, the message is the server's."""
    code: CrawlErrorCode = _CODE_BY_STATUS.get(
        status, "internal" if status >= 500 else "unexpected_status"
    )
    cls = _CLASS_BY_CODE.get(code, CrawlApiError)
    return cls(status, code, api_message, request)


class CrawlTransportError(CrawlError):
    """The coordinator could not be reached, or its answer was not what the contract says."""

    code = "transport"


class CrawlWaitTimeoutError(CrawlError):
    """A wait passed its deadline. What it waited for keeps running; cancel it to stop it."""

    code = "wait_timeout"

    def __init__(self, id: str, last_status: str, timeout: float) -> None:
        super().__init__(f"{id} still {last_status} after {timeout:g} s")
        self.id = id
        self.last_status = last_status
        self.timeout = timeout


class WebhookVerificationError(CrawlError):
    """A webhook delivery's signature or timestamp did not verify: do not trust its body."""

    code = "webhook_verification"
