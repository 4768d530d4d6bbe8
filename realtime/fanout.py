"""Room emits that cost one frame write per socket.

python-socketio delivers an event to a room by creating one asyncio task per recipient, which puts the
packet on that socket's queue, which wakes that socket's writer task (through a `wait_for`, itself one more
task and a timer), which sends the text through the ASGI layer, which frames it. With a lottery draw to
thousands of watchers, that machinery was nine tenths of the server's time (py-spy on `make bench`'s fan-out:
task creation alone 28 %, the event loop running those tasks 25 %, the frame write itself 17 %).

Here an event without an acknowledgement is encoded once, framed once (a server's frames are not masked, so
the bytes are the same for every client), and written straight to each socket's transport, as the
`websockets` library's own `broadcast` does. A socket takes the direct write only when nothing it was sent
before is still on its way: its writer task is idle, waiting on an empty queue, and its transport is open
and not pushing back. Any other socket (polling, upgrading, busy, slow) gets the packet on its queue without
a task, behind what is already there, so that each socket's events keep their order either way.

The direct write needs uvicorn's sans-I/O WebSocket protocol (`--ws websockets-sansio`, which the product
runs with), reached through the ASGI `send` it hands the Engine.IO connection; under any other server,
sockets take the queue.
"""

from __future__ import annotations

import time
from typing import Any

import socketio
from engineio import packet as eio_packet
from engineio.async_drivers.asgi import WebSocket
from socketio import packet as sio_packet
from socketio.packet import Packet
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import Frame, Opcode
from websockets.protocol import State

from server.observability import metrics

# A pub/sub message's sender when every process, the sender too, is to deliver it.
EVERY_HOST = "every-host"
# The attribute of an Engine.IO socket holding its direct writer, when it has one.
DIRECT = "_portal_direct_writer"


class DirectWriter:
    """One Engine.IO socket's WebSocket, written to without the ASGI layer when that keeps the order."""

    __slots__ = ("_protocol",)

    def __init__(self, protocol: WebSocketsSansIOProtocol) -> None:
        self._protocol = protocol

    def write_now(self, socket: Any, frame: bytes) -> bool:
        queue = socket.queue
        # An idle writer waits in queue.get(): a getter is registered and nothing is queued. Anything else
        # means a packet sent earlier has not been written yet, and this one must go behind it.
        if socket.upgrading or not socket.upgraded or not queue.empty() or not queue._getters:
            return False
        protocol = self._protocol
        if (
            protocol.close_sent
            or protocol.conn.state is not State.OPEN
            or not protocol.writable.is_set()
            or protocol.transport.is_closing()
        ):
            return False
        protocol.transport.write(frame)
        return True


class DirectWebSocket(WebSocket):  # type: ignore[misc]  # Engine.IO ships no types
    """Engine.IO's ASGI WebSocket, which also leaves a direct writer on its Engine.IO socket."""

    async def __call__(self, environ: dict[str, Any]) -> str:
        protocol = getattr(environ["asgi.send"], "__self__", None)
        owner = getattr(self.handler, "__self__", None)  # the Engine.IO socket whose handler this is
        if isinstance(protocol, WebSocketsSansIOProtocol) and owner is not None:
            setattr(owner, DIRECT, DirectWriter(protocol))
        result: str = await super().__call__(environ)
        return result


def install(server: socketio.AsyncServer) -> None:
    """Have the server's WebSocket connections leave direct writers (Engine.IO's driver table is per
    server)."""
    server.eio._async = {**server.eio._async, "websocket": DirectWebSocket}


class Deliveries:
    """What this process's room emits did, for the metrics and the tests: frames written straight to a socket,
    and packets left on a socket's queue."""

    direct = 0
    queued = 0


class FanoutManager(socketio.AsyncManager):  # type: ignore[misc]  # untyped library
    """The local delivery of every emit: this process's sockets in the room."""

    async def emit(
        self,
        event: str,
        data: Any,
        namespace: str,
        room: Any = None,
        skip_sid: Any = None,
        callback: Any = None,
        to: Any = None,
        **kwargs: Any,
    ) -> None:
        room = to or room
        if callback is not None or namespace not in self.rooms:
            await super().emit(event, data, namespace, room, skip_sid, callback, **kwargs)
            return
        args = list(data) if isinstance(data, tuple) else [] if data is None else [data]
        packet = self.server.packet_class(sio_packet.EVENT, namespace=namespace, data=[event, *args])
        encoded = packet.encode()
        if isinstance(encoded, list):  # binary attachments: several frames; we never send any
            await super().emit(event, data, namespace, room=room, skip_sid=skip_sid, **kwargs)
            return
        message = eio_packet.Packet(eio_packet.MESSAGE, encoded)
        frame = Frame(Opcode.TEXT, message.encode().encode()).serialize(mask=False)
        skip = set(skip_sid) if isinstance(skip_sid, list) else {skip_sid}
        sockets = self.server.eio.sockets
        direct = queued = 0
        started = time.perf_counter()
        for sid, eio_sid in self.get_participants(namespace, room):
            socket = sockets.get(eio_sid)
            if socket is None or socket.closed or sid in skip:
                continue
            writer: DirectWriter | None = getattr(socket, DIRECT, None)
            if writer is not None and writer.write_now(socket, frame):
                direct += 1
            else:
                socket.queue.put_nowait(message)
                queued += 1
        Deliveries.direct += direct
        Deliveries.queued += queued
        metrics.room_emitted(direct, queued, started)


class FanoutRedisManager(socketio.AsyncRedisManager, FanoutManager):  # type: ignore[misc]
    """Through Redis to every API process; each delivers to its own sockets as FanoutManager does (the pub/sub
    manager's local delivery is the next class in line, this one's second base).

    This process's own sockets hear an event when Redis hands it back, as every other process does, rather
    than at once: then every process delivers in the one order Redis received the events in, and events
    published one after the other (a conversation's messages, each pushed in its turn) arrive in that order
    everywhere. When Redis cannot be reached, this process's sockets still hear it at once."""

    async def emit(
        self,
        event: str,
        data: Any,
        namespace: str | None = None,
        room: Any = None,
        skip_sid: Any = None,
        callback: Any = None,
        to: Any = None,
        **kwargs: Any,
    ) -> None:
        room = to or room
        if callback is not None or kwargs.get("ignore_queue") or Packet.data_is_binary([data]):
            await super().emit(event, data, namespace or "/", room, skip_sid, callback, **kwargs)
            return
        message = {
            "method": "emit",
            "event": event,
            "data": list(data) if isinstance(data, tuple) else [data],
            "binary": False,
            "namespace": namespace or "/",
            "room": room,
            "skip_sid": skip_sid,
            "callback": None,
            "host_id": EVERY_HOST,  # not ours: our own listener delivers it too
        }
        if not await self._publish(message):  # Redis gave up (logged), or nobody listens yet, not even us
            await self._handle_emit(message)
