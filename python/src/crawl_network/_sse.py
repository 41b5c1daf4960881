"""Server-sent events (docs/push.md): a line parser shared by the sync and async streams."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Event:
    """One event of a stream: ``id`` is the stream position (resume with ``last_event_id``),
    ``type`` e.g. ``job.completed``, ``data`` the event body
    ``{"id", "type", "timestamp", "data": {...}}``."""

    id: str | None
    type: str
    data: dict[str, Any]


class SseParser:
    """Feed it lines without their line break; it answers an Event at each blank line that ends one."""

    def __init__(self) -> None:
        self._id: str | None = None
        self._type = "message"
        self._data: list[str] = []

    def feed(self, line: str) -> Event | None:
        if line == "":
            if not self._data:
                self._type = "message"
                return None
            text = "\n".join(self._data)
            event_type, self._type, self._data = self._type, "message", []
            return Event(id=self._id, type=event_type, data=json.loads(text))
        if line.startswith(":"):
            return None  # a comment: the heartbeat
        name, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if name == "id":
            self._id = value
        elif name == "event":
            self._type = value
        elif name == "data":
            self._data.append(value)
        return None
