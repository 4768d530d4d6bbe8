"""The sandbox payment gateway, a stand-in for the outside service a real gateway is: its own small app
(mounted under /sandbox-gateway) with a payer page, which then notifies the portal server-to-server with a
signed callback, as a real gateway would."""

from __future__ import annotations

import html
import secrets

import httpx
import structlog
from starlette.applications import Starlette
from starlette.datastructures import URL
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from server.wallet.gateway import PaymentNotice, SandboxGateway

log = structlog.get_logger(__name__)

# The page is ours and trivial; it may use its inline style, nothing else.
_CSP = "; ".join(
    (
        "default-src 'none'",
        "style-src 'unsafe-inline'",
        "form-action 'self'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
    )
)
_STYLE = """body{font-family:system-ui,sans-serif;background:#f4f6fb;color:#14213d;display:grid;
place-items:center;min-height:100vh;margin:0}main{background:#fff;padding:32px;border-radius:16px;
box-shadow:0 8px 30px #0002;max-width:420px;width:100%}h1{font-size:20px}
.amount{font-size:32px;font-weight:700}button{font:inherit;padding:10px 18px;border-radius:999px;border:0;
margin-right:8px;cursor:pointer}.pay{background:#1a7f37;color:#fff}.fail{background:#e5e7eb}
.note{color:#667085;font-size:13px}"""


def _page(title: str, body: str, status: int = 200) -> HTMLResponse:
    document = (
        f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
        f"<style>{_STYLE}</style></head><body><main>{body}</main></body></html>"
    )
    return HTMLResponse(document, status_code=status, headers={"Content-Security-Policy": _CSP})


def callback_target(base_url: URL) -> tuple[str, dict[str, str]]:
    """The notify URL of the portal the payer came from, and the Host header to send it with. A site under
    *.localhost (the demo's second brand, demo2.localhost) is the loopback (RFC 6761), which browsers know
    but this machine's resolver need not (glibc does not): the call goes to 127.0.0.1 with the site's Host."""
    portal = str(base_url).rstrip("/").removesuffix("/sandbox-gateway")
    callback = URL(portal + "/wps/payment/callback/sandbox")
    hostname = (callback.hostname or "").lower()
    if not hostname.endswith(".localhost"):
        return str(callback), {}
    site = hostname if callback.port is None else f"{hostname}:{callback.port}"
    return str(callback.replace(hostname="127.0.0.1")), {"Host": site}


def create_sandbox_gateway(secret: str) -> Starlette:
    gateway = SandboxGateway(secret)

    def params(request: Request) -> tuple[str, str, str, str]:
        query = request.query_params
        return (
            request.path_params["order_no"],
            query.get("amount", ""),
            query.get("merchant", ""),
            query.get("sig", ""),
        )

    async def pay_page(request: Request) -> Response:
        order_no, amount, merchant, signature = params(request)
        if not gateway.payment_link_valid(
            order_no=order_no, amount=amount, merchant=merchant, signature=signature
        ):
            return _page("Sandbox pay", "<h1>This payment link is not valid.</h1>", 400)
        form = "".join(
            f"<input type='hidden' name='{k}' value='{html.escape(v)}'>"
            for k, v in (("amount", amount), ("merchant", merchant), ("sig", signature))
        )
        return _page(
            "Sandbox pay",
            "<h1>Sandbox payment gateway</h1>"
            f"<p>Order {html.escape(order_no)} for {html.escape(merchant)}</p>"
            f"<p class='amount'>{html.escape(amount)}</p>"
            f"<form method='post'>{form}<button class='pay' name='outcome' value='PAID'>Pay</button>"
            "<button class='fail' name='outcome' value='FAILED'>Decline</button></form>"
            "<p class='note'>No real money moves: this page stands in for a payment provider.</p>",
        )

    async def pay(request: Request) -> Response:
        order_no = request.path_params["order_no"]
        form = await request.form()
        amount, merchant, signature = (str(form.get(k, "")) for k in ("amount", "merchant", "sig"))
        if not gateway.payment_link_valid(
            order_no=order_no, amount=amount, merchant=merchant, signature=signature
        ):
            return _page("Sandbox pay", "<h1>This payment link is not valid.</h1>", 400)
        status = "PAID" if form.get("outcome") == "PAID" else "FAILED"
        notice = PaymentNotice(
            order_no, amount, status, secrets.token_hex(16), f"SBX{secrets.token_hex(6).upper()}"
        )
        headers, body = gateway.signed_callback(notice)
        # Server to server, to the portal that sent the payer here (as a gateway calls a notify URL).
        callback, host = callback_target(request.base_url)
        try:
            async with httpx.AsyncClient(timeout=10) as client:
                answer = await client.post(
                    callback, content=body, headers={**headers, **host, "Content-Type": "application/json"}
                )
            delivered = answer.status_code == 200
        except httpx.HTTPError:
            log.exception("sandbox_callback_failed", order_no=order_no)
            delivered = False
        word = "paid" if status == "PAID" else "declined"
        state = "The merchant was notified." if delivered else "The merchant could not be notified."
        return _page(
            "Sandbox pay",
            f"<h1>Payment {word}</h1><p>{state}</p><p class='note'>You can close this window.</p>",
        )

    return Starlette(
        routes=[
            Route("/pay/{order_no}", pay_page, methods=["GET"]),
            Route("/pay/{order_no}", pay, methods=["POST"]),
        ]
    )
