// The cashier desk: the deposit queue (bank transfers to confirm or reject), the withdrawal queue (approve,
// reject, pay out, refund what did not arrive; the member's receipt confirmation shown per row) and the
// operators' bonus grants waiting for a second pair of eyes, each with filters and "More". With cashier.act
// the deposit and withdrawal rows offer the actions their state allows, with bonus.approve the grants (never
// the approval of one's own); without them the desk is read-only. A request that arrives while the desk is
// open is announced and its queue re-read.
import { useAtomValue } from 'jotai';
import { type KeyboardEvent, useState } from 'react';

import { useTranslation } from '../../i18n/react';
import {
  actOnWithdrawal,
  type AdminDeposit,
  type AdminWithdrawal,
  decideDeposit,
  DEPOSIT_STATUSES,
  type DepositDecision,
  type DepositStatus,
  listDeposits,
  listWithdrawals,
  type QueueQuery,
  WITHDRAWAL_STATUSES,
  type WithdrawalAction,
  type WithdrawalStatus,
} from '../cashierApi';
import {
  DEPOSIT_COLUMNS,
  depositCells,
  GRANT_COLUMNS,
  grantCells,
  WITHDRAWAL_COLUMNS,
  withdrawalCells,
} from '../components/cashier/columns';
import { Queue } from '../components/cashier/Queue';
import {
  type Arrival,
  arrivalOf,
  CASHIER_EVENT,
  depositActions,
  grantActions,
  type Tab,
  withdrawalActions,
} from '../components/cashier/rules';
import { useConsoleEvent } from '../live';
import { type BonusGrant, decideGrant, type GrantDecision, type GrantStatus, GRANT_STATUSES, grantProblem, listGrants } from '../grantsApi';
import { BONUS_APPROVE, CASHIER_ACT, can } from '../permissions';
import { meAtom } from '../store';
import '../styles/cashier.css';

const TABS: readonly Tab[] = ['deposits', 'withdrawals', 'grants'];

// Stable across renders: the queue re-reads when its loader changes.
const loadDeposits = (status: string, query: QueueQuery) => listDeposits(status as DepositStatus, query);
const loadWithdrawals = (status: string, query: QueueQuery) => listWithdrawals(status as WithdrawalStatus, query);
const decide = (orderNo: string, action: string, note: string) =>
  decideDeposit(orderNo, action as DepositDecision, note);
const actOn = (orderNo: string, action: string, note: string) =>
  actOnWithdrawal(orderNo, action as WithdrawalAction, note);
const loadGrants = (status: string, query: QueueQuery) => listGrants(status as GrantStatus, query);
const decideOn = (orderNo: string, action: string, note: string) => decideGrant(orderNo, action as GrantDecision, note);

const NONE: Record<Tab, number> = { deposits: 0, withdrawals: 0, grants: 0 };

export function CashierPage() {
  const { t } = useTranslation();
  const me = useAtomValue(meAtom);
  const mayAct = can(me?.permissions, CASHIER_ACT);
  const mayApprove = can(me?.permissions, BONUS_APPROVE);
  const grantsFor = (status: string, row: BonusGrant) => grantActions(status, row.requestedBy, me?.username);
  const [tab, setTab] = useState<Tab>('deposits');
  const [refresh, setRefresh] = useState(NONE);
  const [unseen, setUnseen] = useState(NONE); // arrivals in the tab not shown
  const [arrival, setArrival] = useState<Arrival | null>(null);

  useConsoleEvent(CASHIER_EVENT, (payload) => {
    const found = arrivalOf(payload);
    if (!found) return;
    setArrival(found);
    setRefresh((old) => ({ ...old, [found.tab]: old[found.tab] + 1 }));
    if (found.tab !== tab) setUnseen((old) => ({ ...old, [found.tab]: old[found.tab] + 1 }));
  });

  const open = (next: Tab) => {
    setTab(next);
    setUnseen((old) => ({ ...old, [next]: 0 }));
    document.getElementById(`cs-cashier-tab-${next}`)?.focus();
  };

  // Arrow keys move between the tabs, as a tab list's keyboard pattern has it.
  const keys = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    open(TABS[(TABS.indexOf(tab) + 1) % TABS.length]!);
  };

  return (
    <section className="cs-page" aria-labelledby="cs-cashier-title">
      <h1 id="cs-cashier-title">{t('cashier.title')}</h1>
      <p className="cs-success cs-cashier-arrival" role="status" data-testid="cashier-arrival">
        {arrival &&
          t(`cashier.arrived.${arrival.tab}`, { orderNo: arrival.orderNo, amount: arrival.amount })}
      </p>
      <div className="cs-tabs" role="tablist" aria-label={t('cashier.title')} onKeyDown={keys}>
        {TABS.map((name) => (
          <button
            key={name}
            id={`cs-cashier-tab-${name}`}
            type="button"
            role="tab"
            className="cs-tab"
            aria-selected={tab === name}
            aria-controls={`cs-cashier-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => open(name)}
          >
            {t(`cashier.tabs.${name}`)}
            {unseen[name] > 0 && (
              <span className="cs-nav-count">{t('cashier.newCount', { n: String(unseen[name]) })}</span>
            )}
          </button>
        ))}
      </div>
      {tab === 'deposits' ? (
        <Queue<AdminDeposit>
          key="deposits"
          tab="deposits"
          statuses={DEPOSIT_STATUSES}
          columns={DEPOSIT_COLUMNS}
          cells={(row) => depositCells(t, row)}
          actionsFor={depositActions}
          mayAct={mayAct}
          load={loadDeposits}
          act={decide}
          refresh={refresh.deposits}
          highlight={arrival?.tab === 'deposits' ? arrival.orderNo : null}
        />
      ) : tab === 'withdrawals' ? (
        <Queue<AdminWithdrawal>
          key="withdrawals"
          tab="withdrawals"
          statuses={WITHDRAWAL_STATUSES}
          columns={WITHDRAWAL_COLUMNS}
          cells={(row) => withdrawalCells(t, row)}
          actionsFor={withdrawalActions}
          mayAct={mayAct}
          load={loadWithdrawals}
          act={actOn}
          refresh={refresh.withdrawals}
          highlight={arrival?.tab === 'withdrawals' ? arrival.orderNo : null}
        />
      ) : (
        <Queue<BonusGrant>
          key="grants"
          tab="grants"
          statuses={GRANT_STATUSES}
          columns={GRANT_COLUMNS}
          cells={(row) => grantCells(t, row)}
          actionsFor={grantsFor}
          mayAct={mayApprove}
          load={loadGrants}
          act={decideOn}
          refresh={refresh.grants}
          highlight={arrival?.tab === 'grants' ? arrival.orderNo : null}
          doneKeys="grants.done"
          describe={grantProblem}
        />
      )}
    </section>
  );
}
