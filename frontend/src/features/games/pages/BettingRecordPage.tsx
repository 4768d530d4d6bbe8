import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';

import { errorText } from '../../../components/errorText';
import { Pagination } from '../../../components/Pagination';
import { useTranslation } from '../../../i18n/react';
import { dateTime, type DayRange, previousDays } from '../../../lib/dates';
import { shortRound } from '../../../lib/recordReference';
import { sumBalanceAtom } from '../../../state/balance';
import { type BetsOut, CATEGORIES, gamesApi } from '../api';
import { vendorNamesAtom, vendorsAtom } from '../atoms';
import { lobbyVendors } from '../navigation';
import '../records.css';
import { DateRangeFilter, MoneyCell } from './recordParts';

const PAGE_SIZE = 20;

// personalHistoryCopy (betting record, SPEC §2.3): the member's rounds by category, vendor and dates, with
// totals over the whole filter, a page at a time. A balance push means a round was just settled or
// placed, so the page reloads and a spin shows up without a reload.
export function BettingRecordPage() {
  const { t } = useTranslation();
  const vendorsAnswer = useAtomValue(vendorsAtom);
  const vendorNames = useAtomValue(vendorNamesAtom);
  const balance = useAtomValue(sumBalanceAtom);
  const [category, setCategory] = useState('');
  const [vassalage, setVassalage] = useState('');
  const [range, setRange] = useState<DayRange>(() => previousDays(7));
  const [page, setPage] = useState(1);
  const [tick, setTick] = useState(0);
  const [bets, setBets] = useState<BetsOut | null>(null);
  const [error, setError] = useState<string | null>(null);

  const categories = useMemo(
    () => CATEGORIES.filter((c) => (vendorsAnswer?.groups[c]?.length ?? 0) > 0),
    [vendorsAnswer],
  );
  const vendors = useMemo(
    () =>
      vendorsAnswer
        ? lobbyVendors(vendorsAnswer.groups, vendorsAnswer.sorting, category ? [category] : categories)
        : [],
    [vendorsAnswer, category, categories],
  );

  const seenBalance = useRef(balance);
  useEffect(() => {
    if (seenBalance.current === balance) return;
    seenBalance.current = balance;
    setTick((n) => n + 1);
  }, [balance]);

  useEffect(() => {
    let live = true;
    setError(null);
    gamesApi
      .bettingRecord({
        category: category || undefined,
        vassalage: vassalage || undefined,
        ...range,
        pageNo: page,
        pageSize: PAGE_SIZE,
      })
      .then(
        (answer) => live && setBets(answer),
        (e: unknown) => live && setError(errorText(t, e)),
      );
    return () => {
      live = false;
    };
  }, [category, vassalage, range, page, tick, t]);

  const filter = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };

  return (
    <div className="records" data-testid="betting-record">
      <div className="filters">
        <select aria-label={t('records.category')} value={category} data-testid="bet-category"
          onChange={(e) => { filter(setCategory)(e.target.value); setVassalage(''); }}>
          <option value="">{t('records.allCategories')}</option>
          {categories.map((c) => <option key={c} value={c}>{t(`categories.${c}`)}</option>)}
        </select>
        <select aria-label={t('records.vendor')} value={vassalage} data-testid="bet-vendor"
          onChange={(e) => filter(setVassalage)(e.target.value)}>
          <option value="">{t('records.allVendors')}</option>
          {vendors.map((v) => <option key={v.vassalage} value={v.vassalage}>{v.displayName}</option>)}
        </select>
        <DateRangeFilter range={range} onChange={filter(setRange)} />
      </div>
      {error && <p className="form-error" role="alert">{error}</p>}
      {bets && bets.list.length === 0 && <p className="empty-state">{t('records.empty')}</p>}
      {bets && bets.list.length > 0 && (
        <div className="table-scroll">
          <table className="mc-table" data-testid="bet-table">
            <thead>
              <tr>
                <th>{t('records.game')}</th>
                <th>{t('records.vendor')}</th>
                <th>{t('records.bet')}</th>
                <th>{t('records.win')}</th>
                <th>{t('records.profit')}</th>
                <th>{t('records.status')}</th>
                <th>{t('records.time')}</th>
              </tr>
            </thead>
            <tbody>
              {bets.list.map((bet) => (
                <tr key={bet.roundId} data-testid="bet-row">
                  <td>
                    {bet.gameName}
                    <span className="round-ref" title={bet.roundId}>{t('records.roundRef', { round: shortRound(bet.roundId) })}</span>
                  </td>
                  <td>{vendorNames.get(bet.vassalage) ?? bet.vassalage}</td>
                  <MoneyCell amount={bet.betAmount} />
                  <MoneyCell amount={bet.winAmount} />
                  <MoneyCell amount={bet.profit} signed />
                  <td><span className={`status status-${bet.status.toLowerCase()}`}>{t(`records.statuses.${bet.status}`)}</span></td>
                  <td>{dateTime(bet.placedAt)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="total" data-testid="bet-totals">
                <td colSpan={2}>{t('records.totals', { rounds: bets.totals.count })}</td>
                <MoneyCell amount={bets.totals.betAmount} />
                <MoneyCell amount={bets.totals.winAmount} />
                <MoneyCell amount={bets.totals.profit} signed />
                <td colSpan={2} />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {bets && <Pagination page={bets.pageNum} totalPages={bets.totalPages} onPage={setPage} />}
    </div>
  );
}
