// The member's cashier requests as the server pushes them (cashier:request, after a staff decision, a payout,
// a gateway's answer or the member's own step elsewhere): the socket writes the latest push into the store,
// and an open Withdraw or Deposit panel puts the new status on its row at once, then re-reads its list.
// The money moves through the balance push (state/balance.ts), which the header follows on its own.
import { atom } from 'jotai';
import { useEffect, useRef } from 'react';

import { type CashierRequestEvent, EVENTS } from '../../realtime/events';
import { onEvent } from '../../realtime/socket';
import { store } from '../../state/store';

// The latest push; a new object each time, so that every push reaches the subscribers.
export const cashierRequestAtom = atom<CashierRequestEvent | null>(null);

function parse(payload: unknown): CashierRequestEvent | null {
  const p = payload as Partial<CashierRequestEvent> | null;
  if (!p || (p.kind !== 'deposit' && p.kind !== 'withdrawal')) return null;
  if (typeof p.orderNo !== 'string' || typeof p.status !== 'string' || typeof p.amount !== 'string') return null;
  return { kind: p.kind, orderNo: p.orderNo, status: p.status, amount: p.amount };
}

let watching = false;

// Idempotent: the first cashier panel starts it, and it runs for the page's life.
export function watchCashierRequests(): void {
  if (watching) return;
  watching = true;
  onEvent(EVENTS.cashierRequest, (payload) => {
    const pushed = parse(payload);
    if (pushed) store.set(cashierRequestAtom, pushed);
  });
}

// The rows with the pushed status on the row it is about (the same array when it is about none of them).
export function withPushedStatus<Row extends { orderNo: string; status: string }>(
  rows: Row[],
  pushed: CashierRequestEvent,
): Row[] {
  if (!rows.some((row) => row.orderNo === pushed.orderNo && row.status !== pushed.status)) return rows;
  return rows.map((row) => (row.orderNo === pushed.orderNo ? { ...row, status: pushed.status } : row));
}

// Calls `handle` for each push about a request of this kind that arrives while the panel is open (never for
// one that came before it opened: its list, read as it opens, is newer).
export function useCashierRequests(kind: CashierRequestEvent['kind'], handle: (pushed: CashierRequestEvent) => void) {
  const latest = useRef(handle);
  useEffect(() => {
    latest.current = handle;
  });
  useEffect(() => {
    watchCashierRequests();
    return store.sub(cashierRequestAtom, () => {
      const pushed = store.get(cashierRequestAtom);
      if (pushed?.kind === kind) latest.current(pushed);
    });
  }, [kind]);
}
