"""ledger_post: one round trip per transfer on Postgres

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-22 05:10:00

The ledger's posting rules (claim the idempotency key, move each balance with a conditional UPDATE in
account-id order, write the postings) as one function, so that a transfer costs one round trip instead of
four. The Python path in server/wallet/ledger.py does the same on SQLite; the tests run both.
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

FUNCTION = """
CREATE FUNCTION ledger_post(
    p_merchant bigint, p_kind text, p_reference text, p_key text, p_digest text, p_reverses bigint,
    p_meta json, p_accounts bigint[], p_amounts bigint[], p_now timestamptz
) RETURNS TABLE (transfer_id bigint, replayed boolean, digest text, account_id bigint, balance bigint,
                 member_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
    v_transfer bigint;
    v_balance bigint;
    v_member bigint;
    v_index int;
BEGIN
    INSERT INTO ledger_transfers (merchant_id, kind, amount, reference, idempotency_key, request_digest,
                                  reverses_id, meta, created_at)
    VALUES (p_merchant, p_kind, (SELECT sum(a) FROM unnest(p_amounts) AS a WHERE a > 0), p_reference, p_key,
            p_digest, p_reverses, p_meta, p_now)
    ON CONFLICT (merchant_id, idempotency_key) DO NOTHING
    RETURNING id INTO v_transfer;
    IF v_transfer IS NULL THEN
        -- The key is taken: answer as the first post did (the caller compares the digests).
        RETURN QUERY
            SELECT t.id, true, t.request_digest::text, p.account_id, p.balance_after, a.member_id
            FROM ledger_transfers t
            JOIN ledger_postings p ON p.transfer_id = t.id
            JOIN ledger_accounts a ON a.id = p.account_id
            WHERE t.merchant_id = p_merchant AND t.idempotency_key = p_key;
        RETURN;
    END IF;
    -- Lock in account-id order, so that two transfers over the same accounts cannot deadlock.
    FOR v_index IN
        SELECT u.ord FROM unnest(p_accounts) WITH ORDINALITY AS u(acc, ord) ORDER BY u.acc
    LOOP
        UPDATE ledger_accounts AS la
        SET balance = la.balance + p_amounts[v_index]
        WHERE la.id = p_accounts[v_index] AND la.merchant_id = p_merchant
          AND (la.allow_negative OR la.balance + p_amounts[v_index] >= 0)
        RETURNING la.balance, la.member_id INTO v_balance, v_member;
        IF NOT FOUND THEN
            SELECT la.balance INTO v_balance FROM ledger_accounts la
            WHERE la.id = p_accounts[v_index] AND la.merchant_id = p_merchant;
            IF NOT FOUND THEN
                RAISE EXCEPTION 'LEDGER_NO_ACCOUNT:%', p_accounts[v_index];
            END IF;
            RAISE EXCEPTION 'INSUFFICIENT_FUNDS:%:%', p_accounts[v_index], v_balance;
        END IF;
        INSERT INTO ledger_postings (transfer_id, account_id, amount, balance_after, created_at)
        VALUES (v_transfer, p_accounts[v_index], p_amounts[v_index], v_balance, p_now);
        transfer_id := v_transfer;
        replayed := false;
        digest := p_digest;
        account_id := p_accounts[v_index];
        balance := v_balance;
        member_id := v_member;
        RETURN NEXT;
    END LOOP;
END
$$
"""


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(FUNCTION)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(
            "DROP FUNCTION IF EXISTS ledger_post(bigint, text, text, text, text, bigint, json, bigint[], bigint[], "
            "timestamptz)"
        )
