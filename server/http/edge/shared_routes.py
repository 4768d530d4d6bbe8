"""Routers included once per process, whose inclusions every app of the process shares.

FastAPI builds an included router's routes (each parameter's validator, a pydantic TypeAdapter) per
inclusion, the first time a request is matched against them. An app includes its routers anew, so each app
paid for building every route it walked past: once per process in production, but once per test where the
tests build an app for each (py-spy: a quarter of the suite's CPU, 315 routes and 3,155 validators a test).
Included here into one container router, the routes are built once per process and every app appends the
same inclusions. They hold nothing of an app: a handler reaches its app through the request (`request.app`
is the app that received the call), and the one thing an inclusion takes from its app, dependency
overrides, is not used in this project.
"""

from __future__ import annotations

from fastapi import APIRouter, FastAPI
from starlette.routing import BaseRoute

# By the routers' identities (a router is not hashable); the routers are module-level, alive as long as
# the process.
_INCLUDED: dict[tuple[int, ...], tuple[BaseRoute, ...]] = {}


def _included(routers: tuple[APIRouter, ...]) -> tuple[BaseRoute, ...]:
    key = tuple(id(router) for router in routers)
    routes = _INCLUDED.get(key)
    if routes is None:
        container = APIRouter()
        for router in routers:
            container.include_router(router)
        routes = _INCLUDED[key] = tuple(container.routes)
    return routes


def include_shared(app: FastAPI, *routers: APIRouter) -> None:
    """`app.include_router` for each of `routers`, in order, with this process's shared inclusions."""
    for router in routers:
        if router.on_startup or router.on_shutdown:
            raise ValueError(f"{router.prefix or router}: a shared router cannot carry start-up handlers")
    app.router.routes.extend(_included(tuple(routers)))
