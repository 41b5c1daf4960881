"""The one place the SDK speaks HTTP: a request as data (:class:`Call`), the bearer key, and the
contract's two error shapes (a bare JSON string on job, status and sweep endpoints; ``{"error"}``
on session endpoints). The sync and async clients send the same calls through httpx."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar, cast

import httpx

from .errors import CrawlTransportError, api_error_for

T = TypeVar("T")

#: What a call's answer is read as: parsed JSON, raw bytes with their content type, or nothing.
AnswerKind = Literal["json", "bytes", "none"]

_NO_BODY: Any = object()


@dataclass(frozen=True)
class DownloadedBytes:
    """A download in a format other than ``json``: its bytes and their content type."""

    content_type: str
    content: bytes


@dataclass(frozen=True)
class Call(Generic[T]):
    """One request of the API and how its answer is read. ``T`` is what the call returns."""

    method: str
    path: str
    params: dict[str, str] = field(default_factory=dict)
    body: Any = _NO_BODY
    headers: dict[str, str] = field(default_factory=dict)
    #: Success statuses; any other is an error. Default 200.
    expect: tuple[int, ...] = (200,)
    answer: AnswerKind = "json"

    @property
    def what(self) -> str:
        return f"{self.method} {self.path}"

    def request_args(self) -> dict[str, Any]:
        """Keyword arguments of ``httpx.Client.build_request`` (the client adds the key)."""
        headers = dict(self.headers)
        content: bytes | None = None
        if self.body is not _NO_BODY:
            headers["content-type"] = "application/json"
            content = json.dumps(self.body).encode("utf-8")
        return {
            "method": self.method,
            "url": self.path,
            "params": self.params or None,
            "headers": headers,
            "content": content,
        }

    def finish(self, status: int, content_type: str, content: bytes) -> T:
        """The call's result from an answer, or the error the answer means."""
        if status not in self.expect:
            raise api_error_for(status, error_message_of(content, status), self.what)
        if self.answer == "none":
            return cast(T, None)
        if self.answer == "bytes":
            return cast(T, DownloadedBytes(content_type=content_type, content=content))
        try:
            return cast(T, json.loads(content))
        except ValueError as err:
            raise CrawlTransportError(f"{self.what}: the answer is not JSON") from err


def error_message_of(content: bytes, status: int) -> str:
    """The contract message of an error body, whichever of the two shapes it has."""
    text = content.decode("utf-8", errors="replace")
    try:
        parsed = json.loads(text)
    except ValueError:
        parsed = None  # not JSON: a proxy's page, say; show its start
    if isinstance(parsed, str):
        return parsed
    if isinstance(parsed, dict):
        message = parsed.get("error", parsed.get("message"))
        if isinstance(message, str):
            return message
    return text.strip()[:200] or f"HTTP {status}"


def client_headers(api_key: str, extra: dict[str, str] | None) -> dict[str, str]:
    return {**(extra or {}), "authorization": f"Bearer {api_key}", "user-agent": _USER_AGENT}


def transport_error(call: Call[Any], base_url: str, err: httpx.HTTPError) -> CrawlTransportError:
    if isinstance(err, httpx.TimeoutException):
        message = f"{call.what}: no answer from {base_url} in time"
    elif isinstance(err, httpx.RequestError) and not isinstance(err, httpx.TransportError):
        message = f"{call.what}: {err}"
    else:
        message = f"{call.what}: cannot reach {base_url}"
    return CrawlTransportError(message)


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("crawl-network")
    except Exception:  # running from a checkout, not installed
        return "0"


_USER_AGENT = f"crawl-network-python/{_version()}"
