"""The floor under the chat bench: what storing and pushing one message costs with no framework at all.

One connection, raw asyncpg and a Redis PUBLISH, one message after another: the conversation's turn (advisory
lock), its row locked, the client-id check, the sender's count in the rate window, the seq bumped, the
message inserted, COMMIT, the push, the turn given back: the database work of one send as the product does
it, without HTTP, authentication, the ORM or the Socket.IO delivery. Printed: CPU of this process per
message, and wall time. The chat bench's API processes spend their CPU on top of this.

Run: `.venv/bin/python -m infra.bench.chat_floor` (temporary tables in the Postgres bench database).
"""

from __future__ import annotations

import asyncio
import json
import time

import asyncpg
import redis.asyncio as aioredis

from infra.bench.chat import REDIS_URL
from infra.bench.ledger import ADMIN_URL

MESSAGES = 3000
CONVERSATIONS = 500


async def measure() -> tuple[float, float]:
    connection = await asyncpg.connect(ADMIN_URL)
    redis = aioredis.Redis.from_url(REDIS_URL)
    try:
        await connection.execute(
            "CREATE TEMP TABLE floor_conversations (id int PRIMARY KEY, last_seq int NOT NULL DEFAULT 0);"
            "CREATE TEMP TABLE floor_messages (id serial PRIMARY KEY, conversation int, seq int,"
            " client_id text, side text, body text, created_at timestamptz DEFAULT now(),"
            " UNIQUE (conversation, client_id));"
            f"INSERT INTO floor_conversations (id) SELECT generate_series(1, {CONVERSATIONS})"
        )
        cpu, wall = time.process_time(), time.perf_counter()
        for n in range(MESSAGES):
            conversation, client_id = n % CONVERSATIONS + 1, f"floor-{n}"
            await connection.fetchval("SELECT pg_advisory_lock($1)", conversation)
            async with connection.transaction():
                await connection.fetchrow(
                    "SELECT id, last_seq FROM floor_conversations WHERE id = $1 FOR UPDATE", conversation
                )
                await connection.fetchval(
                    "SELECT id FROM floor_messages WHERE conversation = $1 AND client_id = $2",
                    conversation,
                    client_id,
                )
                await connection.fetchval(
                    "SELECT count(*) FROM floor_messages WHERE conversation = $1 AND side = 'PLAYER'"
                    " AND created_at > now() - interval '10 seconds'",
                    conversation,
                )
                seq = await connection.fetchval(
                    "UPDATE floor_conversations SET last_seq = last_seq + 1 WHERE id = $1 RETURNING last_seq",
                    conversation,
                )
                await connection.fetchval(
                    "INSERT INTO floor_messages (conversation, seq, client_id, side, body)"
                    " VALUES ($1, $2, $3, 'PLAYER', 'hello') RETURNING id",
                    conversation,
                    seq,
                    client_id,
                )
            payload = {"conversationId": conversation, "seq": seq, "side": "PLAYER", "text": "hello"}
            await redis.publish("bench-chat-floor", json.dumps({"event": "chat:message", "data": [payload]}))
            await connection.fetchval("SELECT pg_advisory_unlock($1)", conversation)
        return (time.process_time() - cpu) * 1000 / MESSAGES, (time.perf_counter() - wall) * 1000 / MESSAGES
    finally:
        await redis.aclose()
        await connection.close()


def main() -> None:
    cpu, wall = asyncio.run(measure())
    what = "chat floor (raw asyncpg + Redis PUBLISH, one after another)"
    print(f"{what}: {cpu:.2f} ms CPU, {wall:.2f} ms wall per message")


if __name__ == "__main__":
    main()
