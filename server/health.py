"""Liveness and readiness for load balancers and orchestrators."""

from __future__ import annotations

import asyncio

import redis.asyncio as aioredis
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from server.http.core.envelope import WireModel

router = APIRouter(tags=["health"])


class Health(WireModel):
    status: str
    database: str | None = None
    redis: str | None = None


@router.get("/healthz", operation_id="healthz", summary="The process is up", response_model_exclude_none=True)
async def healthz() -> Health:
    return Health(status="ok")


@router.get(
    "/readyz",
    operation_id="readyz",
    summary="Ready to serve: the database answers (Redis is reported but optional)",
    responses={
        200: {"model": Health, "description": "Ready"},
        503: {"model": Health, "description": "The database does not answer"},
    },
)
async def readyz(request: Request) -> JSONResponse:
    state = request.app.state
    health = Health(status="ok", database="ok")
    try:
        await asyncio.wait_for(state.db.ping(), timeout=3)
    except Exception as exc:
        health.database = f"down: {type(exc).__name__}"
        health.status = "unavailable"
    redis_client: aioredis.Redis | None = state.redis
    if redis_client is not None:
        try:
            await asyncio.wait_for(redis_client.ping(), timeout=2)
            health.redis = "ok"
        except Exception as exc:
            # Redis carries fan-out and caches only; without it we still answer (ARCHITECTURE rule 1).
            health.redis = f"down: {type(exc).__name__}"
    code = 200 if health.status == "ok" else 503
    return JSONResponse(health.model_dump(by_alias=True, exclude_none=True), status_code=code)
