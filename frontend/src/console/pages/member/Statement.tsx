// The member's ledger lines, newest first, each with the wallet's balance after it: "Older" loads the lines
// before the last one shown; when the member's money moves (`moved` counts the pushes) the newer lines are
// put on top, marked new, and the older pages already read stay.
import { useCallback, useEffect, useRef, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { dateTime } from '../../../lib/dates';
import { isSessionProblem, readStatement, STATEMENT_PAGE, type StatementLine } from '../../api';
import { ledgerKind, walletKind } from '../../labels';
import { Loading } from '../../components/Problem';
import { Block, Failed } from './blocks';

// Lines of a first page read again that are newer than the top line shown, newest first.
export function newerLines(shown: readonly StatementLine[], page: readonly StatementLine[]): StatementLine[] {
  const top = shown.length > 0 ? shown[0]!.id : 0;
  return page.filter((line) => line.id > top);
}

export function Statement({ memberId, moved }: { memberId: number; moved: number }) {
  const { t } = useTranslation();
  const [lines, setLines] = useState<StatementLine[] | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const [more, setMore] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  const latest = useRef(0);
  const shown = useRef(lines);
  shown.current = lines;

  const fetchPage = useCallback(
    async (beforeId?: number) => {
      const request = ++latest.current;
      setBusy(true);
      setProblem(null);
      try {
        const page = await readStatement(memberId, beforeId);
        if (request !== latest.current) return;
        setLines((old) => (beforeId && old ? [...old, ...page] : page));
        setMore(page.length >= STATEMENT_PAGE);
      } catch (error) {
        if (request === latest.current && !isSessionProblem(error)) setProblem(error);
      } finally {
        if (request === latest.current) setBusy(false);
      }
    },
    [memberId],
  );

  useEffect(() => {
    setLines(null);
    void fetchPage();
  }, [fetchPage]);

  useEffect(() => {
    if (moved === 0) return;
    let current = true;
    readStatement(memberId).then(
      (page) => {
        if (!current) return;
        setFresh(new Set(newerLines(shown.current ?? [], page).map((line) => line.id)));
        setLines((old) => (old === null ? page : [...newerLines(old, page), ...old]));
      },
      () => undefined, // a missed refresh: the next push or a reload reads again
    );
    return () => {
      current = false;
    };
  }, [memberId, moved]);

  const last = lines && lines.length > 0 ? lines[lines.length - 1] : undefined;

  return (
    <Block id="cs-member-statement" title={t('members.statement')}>
      {lines === null && problem === null && <Loading />}
      {lines !== null && (
        <div className="cs-table-wrap">
          <table className="cs-table cs-statement-table" aria-labelledby="cs-member-statement">
            <thead>
              <tr>
                <th scope="col">{t('members.columns.at')}</th>
                <th scope="col">{t('members.columns.wallet')}</th>
                <th scope="col">{t('members.columns.vendor')}</th>
                <th scope="col">{t('members.columns.kind')}</th>
                <th scope="col">{t('members.columns.reference')}</th>
                <th scope="col" className="cs-amount">
                  {t('members.columns.amount')}
                </th>
                <th scope="col" className="cs-amount">
                  {t('members.columns.balanceAfter')}
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.length === 0 ? (
                <tr>
                  <td colSpan={7} className="cs-muted">
                    {t('members.noStatement')}
                  </td>
                </tr>
              ) : (
                lines.map((line) => (
                  <tr key={line.id} className={fresh.has(line.id) ? 'cs-fresh' : undefined}>
                    <td className="cs-time">{dateTime(line.at)}</td>
                    <td>{walletKind(t, line.wallet)}</td>
                    <td>{line.vendorCode || '—'}</td>
                    <td>{ledgerKind(t, line.kind)}</td>
                    <td className="cs-detail">{line.reference}</td>
                    <td className={line.amount.startsWith('-') ? 'cs-amount is-debit' : 'cs-amount'}>{line.amount}</td>
                    <td className="cs-amount">{line.balance}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
      {problem !== null && <Failed problem={problem} retry={() => void fetchPage(lines && last ? last.id : undefined)} />}
      <div className="cs-actions cs-paging">
        {more && last ? (
          <button type="button" className="cs-button secondary" disabled={busy} onClick={() => void fetchPage(last.id)}>
            {t('members.older')}
          </button>
        ) : (
          lines !== null && lines.length > 0 && <span className="cs-muted">{t('members.statementEnd')}</span>
        )}
      </div>
    </Block>
  );
}
