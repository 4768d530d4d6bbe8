"""The realtime hub (python-socketio) and the one way to emit an event: `publish`."""

from realtime.publish import publish

__all__ = ["publish"]
