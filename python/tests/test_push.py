"""Webhooks and event streams: a real delivery from the coordinator to a receiver here, checked
with the SDK's signature verification; a forged or stale one refused; a job's event stream."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from _cluster import Cluster

from crawl_network import CrawlClient, WaitOptions, WebhookVerificationError, sign_webhook, verify_webhook


class Receiver:
    def __init__(self) -> None:
        self.deliveries: queue.Queue[tuple[dict[str, str], bytes]] = queue.Queue()
        deliveries = self.deliveries

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                body = self.rfile.read(int(self.headers.get("content-length", "0")))
                deliveries.put(({k: v for k, v in self.headers.items()}, body))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *_: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture()
def receiver() -> Iterator[Receiver]:
    r = Receiver()
    yield r
    r.close()


def test_a_real_delivery_verifies_and_a_forged_one_does_not(cluster: Cluster, receiver: Receiver) -> None:
    # The second key's owner, so no other test's jobs are delivered here.
    with CrawlClient(cluster.url, cluster.other_key) as crawl:
        made = crawl.set_default_webhook({"url": receiver.url})
        secret = made["secret"]
        assert secret is not None and secret.startswith("whsec_")
        assert crawl.get_default_webhook().get("secret") is None  # shown once, never again

        job = crawl.run_job({"url": f"{cluster.site_url}/p/0"}, WaitOptions(timeout=90))
        headers, body = receiver.deliveries.get(timeout=60)
        event = verify_webhook(secret, headers, body)
        assert event["type"] == "job.completed"
        assert event["data"]["job"]["job_id"] == job["job_id"]
        assert headers["webhook-id"] == event["id"]

        with pytest.raises(WebhookVerificationError, match="no webhook-signature matches"):
            verify_webhook(secret, headers, body.replace(b"completed", b"failed!!!"))
        other_secret = "whsec_" + "QUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUE="
        with pytest.raises(WebhookVerificationError):
            verify_webhook(other_secret, headers, body)
        with pytest.raises(WebhookVerificationError, match="too far from now"):
            verify_webhook(secret, headers, body, now=time.time() + 3600)
        with pytest.raises(WebhookVerificationError, match="missing"):
            verify_webhook(secret, {}, body)

        deliveries = crawl.list_deliveries(job_id=job["job_id"])["deliveries"]
        assert [d["event_id"] for d in deliveries] == [event["id"]]
        crawl.set_default_webhook({"url": None})


def test_signing_matches_the_standard_webhooks_example() -> None:
    # The example of the Standard Webhooks specification (its reference libraries' tests).
    secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    body = '{"test": 2432232314}'
    expected = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
    assert sign_webhook(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body) == expected
    headers = {
        "Webhook-Id": "msg_p5jXN8AQM9LWM0D4loKWxJek",
        "Webhook-Timestamp": "1614265330",
        "Webhook-Signature": f"v1,bm90IGl0 {expected}",
    }
    assert verify_webhook(secret, headers, body, now=1614265330) == {"test": 2432232314}


def test_a_job_event_stream_replays_its_end(crawl: CrawlClient, cluster: Cluster) -> None:
    job = crawl.run_job({"url": f"{cluster.site_url}/p/2"}, WaitOptions(timeout=90))
    events = list(crawl.job_events(job["job_id"]))  # opened after the end: replays it and ends
    assert [e.type for e in events] == ["job.completed"]
    assert events[0].data["data"]["job"]["job_id"] == job["job_id"]
    assert events[0].id is not None
