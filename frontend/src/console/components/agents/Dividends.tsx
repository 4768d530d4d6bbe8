// The first-level agents' dividends (the merchant's own contracts): those waiting for approval, or all of
// them, with the sum still waiting. Each row shows what the amount was worked out from, as the server wrote
// it: the team's net loss, the carry-in a losing stretch left, the dividends of the agents below, the rate.
// With agents.manage a waiting dividend is approved here, its amount named and asked twice: it is paid to
// the agent at once. The list is then read again; so is it when someone else approved it first.
import { useCallback, useEffect, useRef, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { approveDividend, type Dividend, type DividendFilter, dividends, type Dividends as List } from '../../agentsApi';
import { isSessionProblem } from '../../api';
import { ConfirmAction, useChangeRunner } from '../ChangeRunner';
import { Loading, Problem } from '../Problem';
import { agentsProblem, isDividendStale, percent, settlementState } from './rules';
import { BetsButton, SettlementBets } from './SettlementBets';
import { periodText, SettlementState } from './Settlements';

const FILTERS: readonly DividendFilter[] = ['PENDING', 'ALL'];
const FIGURES = ['netLoss', 'carryIn', 'lowerDividends'] as const;

export function Dividends({ mayManage, onPaid }: { mayManage: boolean; onPaid: () => void }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<DividendFilter>('PENDING');
  const [found, setFound] = useState<List | null>(null);
  const [readProblem, setReadProblem] = useState<unknown>(null);
  const [paid, setPaid] = useState<string | null>(null);
  const [opened, setOpened] = useState<number | null>(null);
  const latest = useRef(0);

  const load = useCallback(async () => {
    const request = ++latest.current;
    setReadProblem(null);
    try {
      const read = await dividends(filter);
      if (request === latest.current) setFound(read);
    } catch (error) {
      if (request === latest.current && !isSessionProblem(error)) setReadProblem(error);
    }
  }, [filter]);

  useEffect(() => {
    void load();
  }, [load]);

  const { busy, problem, setProblem, run } = useChangeRunner(load, agentsProblem, isDividendStale);

  const approve = async (dividend: Dividend) => {
    setPaid(null);
    let answer = dividend;
    const done = await run(async () => {
      answer = await approveDividend(dividend.id);
    });
    // What the server says it paid.
    if (done) setPaid(t('agents.dividends.paid', { amount: answer.amount, username: answer.member || dividend.member }));
    // The agent's detail below shows its settlements' state: read it again either way.
    onPaid();
  };

  const choose = (next: DividendFilter) => {
    if (next === filter) return;
    setFilter(next);
    setFound(null);
    setPaid(null);
    setProblem(null);
  };

  const column = (name: string) => t(`agents.dividends.columns.${name}`);
  const list = found?.list ?? [];
  const actions = mayManage && list.some((d) => settlementState(d) === 'PENDING');
  const words = (d: Dividend) => ({ amount: d.amount, username: d.member, period: periodText(d) });

  return (
    <section className="cs-panel cs-agents-dividends" aria-labelledby="cs-agents-dividends">
      <div className="cs-agents-dividends-head">
        <h2 id="cs-agents-dividends">{t('agents.dividends.title')}</h2>
        <div className="cs-agents-filter" role="group" aria-label={t('agents.dividends.show')}>
          {FILTERS.map((choice) => (
            <button
              key={choice}
              type="button"
              className="cs-button secondary small"
              aria-pressed={choice === filter}
              onClick={() => choose(choice)}
            >
              {t(`agents.dividends.filters.${choice}`)}
            </button>
          ))}
        </div>
      </div>
      <p className="cs-lead">{t('agents.dividends.intro')}</p>
      {found && (
        <p className="cs-agents-total" data-testid="dividends-total">
          {t('agents.dividends.totalPending')} <strong className="cs-amount">{found.totalPending}</strong>
        </p>
      )}
      {paid && (
        <p className="cs-success" role="status">
          {paid}
        </p>
      )}
      <Problem>{problem}</Problem>
      {readProblem !== null && (
        <>
          <Problem>{agentsProblem(t, readProblem)}</Problem>
          <button type="button" className="cs-button secondary" onClick={() => void load()}>
            {t('app.retry')}
          </button>
        </>
      )}
      {found === null ? (
        readProblem === null && <Loading />
      ) : list.length === 0 ? (
        <p className="cs-muted">{t(`agents.dividends.empty.${filter}`)}</p>
      ) : (
        <div className="cs-table-wrap">
          <table className="cs-table cs-agents-dividends-table" aria-labelledby="cs-agents-dividends">
            <thead>
              <tr>
                <th scope="col">{column('agent')}</th>
                <th scope="col">{column('period')}</th>
                {FIGURES.map((name) => (
                  <th key={name} scope="col" className="cs-amount">
                    {column(name)}
                  </th>
                ))}
                <th scope="col" className="cs-amount">
                  {column('rate')}
                </th>
                <th scope="col" className="cs-amount">
                  {column('amount')}
                </th>
                {filter === 'ALL' && <th scope="col">{column('status')}</th>}
                <th scope="col">{column('bets')}</th>
                {actions && <th scope="col">{column('actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {list.map((d) => (
                <tr key={d.id} data-dividend={d.id}>
                  <td data-label={column('agent')}>
                    <span className="cs-username">{d.member}</span>
                  </td>
                  <td data-label={column('period')} className="cs-time">
                    {periodText(d)}
                  </td>
                  {/* Money exactly as the server wrote it. */}
                  {FIGURES.map((name) => (
                    <td key={name} data-label={column(name)} className="cs-amount">
                      {d[name] ?? '—'}
                    </td>
                  ))}
                  <td data-label={column('rate')} className="cs-amount">
                    {t('agents.rate', { rate: percent(d.rateBps) })}
                  </td>
                  <td data-label={column('amount')} className="cs-amount">
                    {d.amount}
                  </td>
                  {filter === 'ALL' && (
                    <td data-label={column('status')}>
                      <SettlementState settlement={d} />
                    </td>
                  )}
                  <td data-label={column('bets')}>
                    <BetsButton id={d.id} open={opened === d.id} onOpen={setOpened} />
                  </td>
                  {actions && (
                    <td data-label={column('actions')}>
                      {settlementState(d) === 'PENDING' && (
                        <ConfirmAction
                          action={t('agents.dividends.approve')}
                          label={t('agents.dividends.approveLabel', words(d))}
                          question={t('agents.dividends.confirmApprove', words(d))}
                          busy={busy}
                          onConfirm={() => void approve(d)}
                        />
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {opened !== null && <SettlementBets key={opened} id={opened} onClose={() => setOpened(null)} />}
      <p className="cs-field-hint">{t('agents.dividends.booksDays')}</p>
    </section>
  );
}
