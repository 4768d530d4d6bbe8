// The bets a settlement was worked out from: the agent's team's rounds that settled in its period, a page at
// a time, with the figures the settlement counted (valid bet, net loss, what members lost and won, active
// members) and the page's totals, every amount as the server wrote it. Opened below the settlements or the
// dividends by a row's Bets button; the parent keys it by the settlement, so another one starts on page 1.
import { useCallback, useEffect, useRef, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { dateTime } from '../../../lib/dates';
import { type SettlementBets as Found, settlementBets } from '../../agentsApi';
import { isSessionProblem } from '../../api';
import { Pager } from '../content/common';
import { Loading, ReadFailed } from '../Problem';
import { agentsProblem } from './rules';

const FIGURES = ['validBet', 'netLoss', 'lost', 'won', 'activeMembers'] as const;
const COLUMNS = ['username', 'level', 'round', 'game', 'stake', 'win', 'profit', 'settled'] as const;
const AMOUNTS: readonly string[] = ['stake', 'win', 'profit'];

// The Bets button of a settlement's row.
export function BetsButton({ id, open, onOpen }: { id: number; open: boolean; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="cs-button secondary small"
      aria-label={t('agents.bets.openLabel', { id: String(id) })}
      aria-expanded={open}
      onClick={() => onOpen(id)}
    >
      {t('agents.bets.open')}
    </button>
  );
}

export function SettlementBets({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const [found, setFound] = useState<Found | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const latest = useRef(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = `cs-settlement-bets-${id}`;

  const load = useCallback(async () => {
    const request = ++latest.current;
    setProblem(null);
    try {
      const read = await settlementBets(id, pageNo);
      if (request === latest.current) setFound(read);
    } catch (error) {
      if (request === latest.current && !isSessionProblem(error)) setProblem(error);
    }
  }, [id, pageNo]);

  useEffect(() => {
    void load();
  }, [load]);

  // Opened from a row above: take the reader to it.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  const column = (name: (typeof COLUMNS)[number]) => t(`agents.bets.columns.${name}`);
  const pages = Math.max(found?.totalPages ?? 1, 1);

  return (
    <section className="cs-panel cs-agents-settlement-bets" aria-labelledby={headingId}>
      <div className="cs-agents-dividends-head">
        <h3 id={headingId} ref={heading} tabIndex={-1}>
          {t('agents.bets.title', { id: String(id) })}
        </h3>
        <button type="button" className="cs-button secondary small" onClick={onClose}>
          {t('agents.bets.close')}
        </button>
      </div>
      <p className="cs-lead">{t('agents.bets.intro')}</p>
      {problem !== null && <ReadFailed text={agentsProblem(t, problem)} retry={() => void load()} />}
      {found === null ? (
        problem === null && <Loading />
      ) : (
        <>
          <dl className="cs-agents-facts" data-testid="settlement-bets-figures">
            {FIGURES.map((name) => (
              <div key={name}>
                <dt>{t(`agents.bets.figures.${name}`)}</dt>
                <dd className="cs-amount">{found[name]}</dd>
              </div>
            ))}
          </dl>
          <p className="cs-muted" role="status">
            {t('agents.bets.total', { n: String(found.total) })}
          </p>
          {found.list.length === 0 ? (
            <p className="cs-muted">{t('agents.bets.empty')}</p>
          ) : (
            <div className="cs-table-wrap">
              <table className="cs-table cs-agents-bets-table" aria-labelledby={headingId}>
                <thead>
                  <tr>
                    {COLUMNS.map((name) => (
                      <th key={name} scope="col" className={AMOUNTS.includes(name) || name === 'level' ? 'cs-amount' : undefined}>
                        {column(name)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {found.list.map((bet) => (
                    <tr key={bet.roundId} data-round={bet.roundId}>
                      <td data-label={column('username')}>
                        <span className="cs-username">{bet.username}</span>
                      </td>
                      <td data-label={column('level')} className="cs-amount">
                        {bet.level}
                      </td>
                      <td data-label={column('round')}>{bet.roundId}</td>
                      <td data-label={column('game')}>{bet.gameName}</td>
                      {/* Money exactly as the server wrote it. */}
                      <td data-label={column('stake')} className="cs-amount">
                        {bet.betAmount}
                      </td>
                      <td data-label={column('win')} className="cs-amount">
                        {bet.winAmount}
                      </td>
                      <td data-label={column('profit')} className="cs-amount">
                        {bet.profit}
                      </td>
                      <td data-label={column('settled')} className="cs-time">
                        {bet.settledAt === null ? '—' : dateTime(bet.settledAt)}
                      </td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr data-testid="settlement-bets-totals">
                    <th scope="row" colSpan={4}>
                      {t('agents.bets.totals', { n: String(found.totals.count) })}
                    </th>
                    <td className="cs-amount">{found.totals.betAmount}</td>
                    <td className="cs-amount">{found.totals.winAmount}</td>
                    <td className="cs-amount">{found.totals.profit}</td>
                    <td />
                  </tr>
                </tfoot>
              </table>
            </div>
          )}
          {pages > 1 && <Pager pageNo={pageNo} pages={pages} onPage={setPageNo} />}
        </>
      )}
    </section>
  );
}
