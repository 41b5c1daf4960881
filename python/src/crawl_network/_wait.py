"""Polling with backoff until something is finished. The gaps grow from ``min_interval`` to
``max_interval``; ``timeout`` gives up with :class:`CrawlWaitTimeoutError`. Giving up stops the
wait only: the job, batch, crawl or measurement keeps running."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from . import types as t
from .errors import CrawlWaitTimeoutError

T = TypeVar("T")

TERMINAL_JOB = frozenset({"completed", "failed"})


@dataclass
class WaitOptions:
    """How a wait polls. Times are seconds."""

    #: Give up after this long. Default: no limit (every job ends by its own ``timeout_sec``).
    timeout: float | None = None
    #: First gap between polls. Default 0.2 s.
    min_interval: float = 0.2
    #: Largest gap between polls. Default 2 s.
    max_interval: float = 2.0
    #: Growth of the gap after each poll. Default 1.5.
    backoff: float = 1.5


@dataclass(frozen=True)
class Finished(Generic[T]):
    """When a value is final, and the state a timeout error names."""

    done: Callable[[T], bool]
    status: Callable[[T], str]


class Poller:
    """The gaps of one wait; raises once its deadline has passed."""

    def __init__(self, id: str, options: WaitOptions) -> None:
        self._id = id
        self._o = options
        self._started = time.monotonic()
        self._gap = options.min_interval

    def next_gap(self, status: str) -> float:
        gap = self._gap
        self._gap = min(self._o.max_interval, self._gap * self._o.backoff)
        if self._o.timeout is not None:
            left = self._started + self._o.timeout - time.monotonic()
            if left <= 0:
                raise CrawlWaitTimeoutError(self._id, status, self._o.timeout)
            gap = min(gap, left)
        return gap


def _status(value: Any) -> str:
    return str(value.get("status", "?"))


JOB: Finished[t.Job] = Finished(lambda j: j["status"] in TERMINAL_JOB, _status)
BATCH: Finished[t.BatchStatus] = Finished(
    lambda b: bool(b["completed"]),
    lambda b: "completed" if b["completed"] else f"{b['counts']['pending'] + b['counts']['running']} unfinished",
)
SWEEP: Finished[t.Sweep] = Finished(lambda s: s["status"] != "running", _status)
MEASUREMENT: Finished[t.Measurement] = Finished(lambda m: m["status"] == "finished", _status)
CRAWL: Finished[t.SiteCrawl] = Finished(lambda c: c["status"] != "running", _status)
MAP: Finished[t.SiteMap] = Finished(lambda m: m["status"] != "running", _status)
