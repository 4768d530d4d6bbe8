"""Reading /metrics the way Prometheus does: with prometheus-client's own parser of the text format."""

from __future__ import annotations

import httpx
from prometheus_client.parser import text_string_to_metric_families


def total(text: str, sample: str, **labels: str) -> float:
    """The sum of the samples named `sample` whose labels include `labels` (0 when there is none)."""
    found = 0.0
    for family in text_string_to_metric_families(text):
        for item in family.samples:
            if item.name == sample and all(item.labels.get(k) == v for k, v in labels.items()):
                found += item.value
    return found


async def scrape(client: httpx.AsyncClient) -> str:
    answer = await client.get("/metrics")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/plain; version=0.0.4")
    return answer.text
