"""Starting and stopping python/tests/harness.ts: a real coordinator on SQLite in a temp dir, a real
agent process linked to it, and a local site."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: The harness (two tsx processes: coordinator, agent) took 20 to 90 s to be ready on a 2-core
#: machine that other suites kept at a load of 15 to 35; this leaves room for worse.
READY_TIMEOUT_SEC = 180


@dataclass(frozen=True)
class Cluster:
    url: str
    api_key: str
    other_key: str
    admin_key: str
    site_url: str
    device_id: str
    #: True when the agent runs full-page jobs; else why not (no Chromium on this machine).
    browser: bool | str


def _read_ready_line(proc: subprocess.Popen[str]) -> str:
    lines: queue.Queue[str] = queue.Queue()
    assert proc.stdout is not None
    stdout = proc.stdout
    threading.Thread(target=lambda: lines.put(stdout.readline()), daemon=True).start()
    try:
        line = lines.get(timeout=READY_TIMEOUT_SEC)
    except queue.Empty:
        raise RuntimeError(f"the harness printed nothing within {READY_TIMEOUT_SEC} s") from None
    if not line:
        raise RuntimeError(f"the harness exited ({proc.wait()}) before it was ready; see its stderr above")
    return line


@contextmanager
def running_cluster() -> Iterator[Cluster]:
    proc = subprocess.Popen(
        ["node", "--import", "tsx", str(ROOT / "python/tests/harness.ts")],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "TEST_LOG_LEVEL": os.environ.get("TEST_LOG_LEVEL", "silent")},
    )
    try:
        info = json.loads(_read_ready_line(proc))
        yield Cluster(**info)
    finally:
        assert proc.stdin is not None
        proc.stdin.close()  # the harness stops everything when its stdin ends
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
