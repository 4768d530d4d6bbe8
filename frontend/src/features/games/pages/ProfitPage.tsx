import { useEffect, useState } from 'react';

import { errorText } from '../../../components/errorText';
import { useTranslation } from '../../../i18n/react';
import { type DayRange, previousDays } from '../../../lib/dates';
import { gamesApi, type ProfitOut, type ProfitRow } from '../api';
import '../records.css';
import { DateRangeFilter, MoneyCell } from './recordParts';

function Cells({ row }: { row: ProfitRow }) {
  return (
    <>
      <td>{row.count}</td>
      <MoneyCell amount={row.betAmount} />
      <MoneyCell amount={row.validBet} />
      <MoneyCell amount={row.winAmount} />
      <MoneyCell amount={row.profit} signed />
    </>
  );
}

// personalProfit (personal profit and loss, SPEC §2.3): one row per game category over the chosen days,
// and the total.
export function ProfitPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<DayRange>(() => previousDays(7));
  const [profit, setProfit] = useState<ProfitOut | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setError(null);
    gamesApi.personalProfit(range).then(
      (answer) => live && setProfit(answer),
      (e: unknown) => live && setError(errorText(t, e)),
    );
    return () => {
      live = false;
    };
  }, [range, t]);
  return (
    <div className="records" data-testid="personal-profit">
      <div className="filters">
        <DateRangeFilter range={range} onChange={setRange} />
      </div>
      {error && <p className="form-error" role="alert">{error}</p>}
      {profit && profit.rows.length === 0 && <p className="empty-state">{t('records.empty')}</p>}
      {profit && profit.rows.length > 0 && (
        <div className="table-scroll">
          <table className="mc-table" data-testid="pnl-table">
            <thead>
              <tr>
                <th>{t('records.category')}</th>
                <th>{t('records.rounds')}</th>
                <th>{t('records.bet')}</th>
                <th>{t('records.validBet')}</th>
                <th>{t('records.win')}</th>
                <th>{t('records.profit')}</th>
              </tr>
            </thead>
            <tbody>
              {profit.rows.map((row) => (
                <tr key={row.category} data-testid="pnl-row">
                  <td>{t(`categories.${row.category}`, { defaultValue: row.category })}</td>
                  <Cells row={row} />
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="total" data-testid="pnl-total">
                <td>{t('records.total')}</td>
                <Cells row={profit.total} />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </div>
  );
}
