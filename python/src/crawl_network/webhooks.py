"""Checking a webhook delivery (docs/push.md): Standard Webhooks signatures.

A delivery carries ``webhook-id``, ``webhook-timestamp`` (Unix seconds) and ``webhook-signature``
(``v1,<base64 HMAC-SHA256 of "id.timestamp.body">``, keyed by the base64 part of the key's
``whsec_…`` secret; several space-separated signatures while a secret rotates). Verify the raw
body bytes as received, before parsing them::

    event = verify_webhook(secret, request.headers, raw_body)   # raises if forged or stale
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import time
from collections.abc import Mapping
from typing import Any

from .errors import WebhookVerificationError

_PREFIX = "whsec_"
#: How far a delivery's timestamp may be from now, either way (Standard Webhooks' 5 minutes).
DEFAULT_TOLERANCE_SEC = 300


def _key(secret: str) -> bytes:
    raw = secret[len(_PREFIX) :] if secret.startswith(_PREFIX) else secret
    try:
        return base64.b64decode(raw, validate=True)
    except binascii.Error as err:
        raise ValueError("the webhook secret is not whsec_<base64>") from err


def sign_webhook(secret: str, event_id: str, timestamp_sec: int, body: bytes | str) -> str:
    """The ``webhook-signature`` value the coordinator sends for this delivery (``v1,<base64>``)."""
    payload = body.encode("utf-8") if isinstance(body, str) else body
    signed = f"{event_id}.{timestamp_sec}.".encode() + payload
    mac = hmac.new(_key(secret), signed, hashlib.sha256).digest()
    return "v1," + base64.b64encode(mac).decode("ascii")


def verify_webhook(
    secret: str,
    headers: Mapping[str, str],
    body: bytes | str,
    *,
    tolerance_sec: int = DEFAULT_TOLERANCE_SEC,
    now: float | None = None,
) -> dict[str, Any]:
    """Checks a delivery and answers its event (``{"id", "type", "timestamp", "data"}``).

    ``headers`` may be any mapping (httpx, Flask, Django, a dict); names are matched in any case.
    Raises :class:`WebhookVerificationError` when a header is missing, the timestamp is more than
    ``tolerance_sec`` from ``now`` (default: the clock), or no signature matches.
    """
    lower = {k.lower(): v for k, v in headers.items()}
    event_id = lower.get("webhook-id")
    timestamp = lower.get("webhook-timestamp")
    signatures = lower.get("webhook-signature")
    if not event_id or not timestamp or not signatures:
        raise WebhookVerificationError("missing webhook-id, webhook-timestamp or webhook-signature header")
    try:
        timestamp_sec = int(timestamp)
    except ValueError as err:
        raise WebhookVerificationError("webhook-timestamp is not a number of seconds") from err
    current = time.time() if now is None else now
    if abs(current - timestamp_sec) > tolerance_sec:
        raise WebhookVerificationError("webhook-timestamp is too far from now: a stale or replayed delivery")
    expected = sign_webhook(secret, event_id, timestamp_sec, body).encode("ascii")
    for candidate in signatures.split(" "):
        if candidate.startswith("v1,") and hmac.compare_digest(candidate.encode("ascii", "replace"), expected):
            payload = body.decode("utf-8") if isinstance(body, bytes) else body
            event: dict[str, Any] = json.loads(payload)
            return event
    raise WebhookVerificationError("no webhook-signature matches the body: it was not signed with this secret")
