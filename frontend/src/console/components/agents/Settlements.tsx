// What an agent's contracts settled, newest period first, every figure as the server wrote it (recomputing an
// amount here could only disagree with what was paid). A salary's period is its day or hour in the viewer's
// time; a dividend's is days of the merchant's books, with what it was worked out from (the team's net loss,
// the carry-in a losing stretch left, the lower dividends) and its state: waiting for the approval of whoever
// offered it, or paid. A real-time salary's period is its 5-minute window, with what its amount was worked
// out from besides the valid bet: what the members lost and won, and its rates on each. The dividend and
// real-time columns are there only when such a settlement is.
import { useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { dateTime } from '../../../lib/dates';
import type { Settlement } from '../../agentsApi';
import { BetsButton, SettlementBets } from './SettlementBets';
import { booksDays, isDividend, isRealtime, percent, settlementState, toIso, windowText } from './rules';

// "Waiting for approval" or "Paid", with when a dividend was approved.
export function SettlementState({ settlement }: { settlement: Settlement }) {
  const { t } = useTranslation();
  const state = settlementState(settlement);
  return (
    <>
      <span className={`cs-badge cs-agents-state is-${state.toLowerCase()}`}>{t(`agents.settlementStatus.${state}`)}</span>
      {state === 'PAID' && settlement.approvedAt !== null && (
        <span className="cs-agents-approved cs-time">
          {t('agents.approvedAt', { at: dateTime(toIso(settlement.approvedAt)) })}
        </span>
      )}
    </>
  );
}

export const periodText = (settlement: Settlement) =>
  isDividend(settlement)
    ? booksDays(settlement.periodStart, settlement.periodEnd)
    : isRealtime(settlement)
      ? windowText(settlement.periodStart, settlement.periodEnd)
      : `${dateTime(toIso(settlement.periodStart))} – ${dateTime(toIso(settlement.periodEnd))}`;

const AMOUNT_COLUMNS = ['validBet', 'activeMembers', 'rate'] as const;
const DIVIDEND_COLUMNS = ['netLoss', 'carryIn', 'lowerDividends'] as const;
const REALTIME_COLUMNS = ['lost', 'lossRate', 'won', 'profitRate'] as const;
type RealtimeColumn = (typeof REALTIME_COLUMNS)[number];

export function Settlements({ settlements }: { settlements: readonly Settlement[] }) {
  const { t } = useTranslation();
  const column = (name: string) => t(`agents.settlementColumns.${name}`);
  const dividends = settlements.some(isDividend);
  const realtime = settlements.some(isRealtime);
  // With dividends among them, an amount may still wait: the column no longer says "paid".
  const amountColumn = column(dividends ? 'owed' : 'amount');
  const figure = (paid: Settlement, name: (typeof AMOUNT_COLUMNS)[number]) =>
    name === 'validBet' ? paid.validBet : name === 'activeMembers' ? paid.activeMembers : t('agents.rate', { rate: percent(paid.rateBps) });
  // A real-time salary's own inputs; '—' on any other row.
  const rateOf = (bps: number | null) => (bps === null ? '—' : t('agents.rate', { rate: percent(bps) }));
  const realtimeFigure = (paid: Settlement, name: RealtimeColumn) => {
    if (!isRealtime(paid)) return '—';
    if (name === 'lost') return paid.lost ?? '—';
    if (name === 'won') return paid.won ?? '—';
    return rateOf(name === 'lossRate' ? paid.lossRateBps : paid.profitRateBps);
  };
  const kinds = dividends || realtime;
  const [opened, setOpened] = useState<number | null>(null);
  return (
    <section className="cs-panel" aria-labelledby="cs-agent-settlements">
      <h2 id="cs-agent-settlements">{t('agents.settlements')}</h2>
      {settlements.length === 0 ? (
        <p className="cs-muted">{t('agents.noSettlements')}</p>
      ) : (
        <div className="cs-table-wrap">
          <table className="cs-table cs-agents-settlements" aria-labelledby="cs-agent-settlements">
            <thead>
              <tr>
                <th scope="col">{column('period')}</th>
                <th scope="col">{column('contract')}</th>
                {kinds && <th scope="col">{column('kind')}</th>}
                {AMOUNT_COLUMNS.map((name) => (
                  <th key={name} scope="col" className="cs-amount">
                    {column(name)}
                  </th>
                ))}
                {realtime &&
                  REALTIME_COLUMNS.map((name) => (
                    <th key={name} scope="col" className="cs-amount">
                      {column(name)}
                    </th>
                  ))}
                {dividends &&
                  DIVIDEND_COLUMNS.map((name) => (
                    <th key={name} scope="col" className="cs-amount">
                      {column(name)}
                    </th>
                  ))}
                <th scope="col" className="cs-amount">
                  {amountColumn}
                </th>
                {dividends && <th scope="col">{column('status')}</th>}
                <th scope="col">{column('bets')}</th>
              </tr>
            </thead>
            <tbody>
              {settlements.map((paid) => (
                <tr key={paid.id} data-settlement={paid.id}>
                  <td data-label={column('period')} className="cs-time">
                    {periodText(paid)}
                  </td>
                  <td data-label={column('contract')}>{paid.contractId}</td>
                  {kinds && (
                    <td data-label={column('kind')}>{t(`agents.kinds.${paid.kind}`, { defaultValue: paid.kind })}</td>
                  )}
                  {/* Money exactly as the server wrote it. */}
                  {AMOUNT_COLUMNS.map((name) => (
                    <td key={name} data-label={column(name)} className="cs-amount">
                      {figure(paid, name)}
                    </td>
                  ))}
                  {realtime &&
                    REALTIME_COLUMNS.map((name) => (
                      <td key={name} data-label={column(name)} className="cs-amount">
                        {realtimeFigure(paid, name)}
                      </td>
                    ))}
                  {dividends &&
                    DIVIDEND_COLUMNS.map((name) => (
                      <td key={name} data-label={column(name)} className="cs-amount">
                        {paid[name] ?? '—'}
                      </td>
                    ))}
                  <td data-label={amountColumn} className="cs-amount">
                    {paid.amount}
                  </td>
                  {dividends && (
                    <td data-label={column('status')}>
                      <SettlementState settlement={paid} />
                    </td>
                  )}
                  <td data-label={column('bets')}>
                    <BetsButton id={paid.id} open={opened === paid.id} onOpen={setOpened} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {opened !== null && <SettlementBets key={opened} id={opened} onClose={() => setOpened(null)} />}
    </section>
  );
}
