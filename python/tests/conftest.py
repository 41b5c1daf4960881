"""The cluster every test talks to, started once per run (_cluster.py), and a client of it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from _cluster import Cluster, running_cluster

from crawl_network import CrawlClient


@pytest.fixture(scope="session")
def cluster() -> Iterator[Cluster]:
    with running_cluster() as running:
        yield running


@pytest.fixture()
def crawl(cluster: Cluster) -> Iterator[CrawlClient]:
    with CrawlClient(cluster.url, cluster.api_key) as client:
        yield client
