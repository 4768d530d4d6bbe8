import { useEffect, useState } from 'react';

import { errorText } from '../../../components/errorText';
import { useTranslation } from '../../../i18n/react';
import { dateTime } from '../../../lib/dates';
import { RECORD_TYPES } from '../../../lib/recordKinds';
import { isLedgerKind, readableReference } from '../../../lib/recordReference';
import { type MerchantWallet, type Records, walletApi } from '../api';
import { WageringProgress } from '../components/WageringProgress';
import { transferLabel } from '../transferSides';
import { Empty, Money } from './common';

// The types live in lib/, where the agent centre's downline transactions find them too.
export { RECORD_TYPES };

// SPEC §9 quick picks: next 7 and 30 days, previous 7 and 30 days.
export const QUICK_PICKS = [
  ['previous7', -7],
  ['previous30', -30],
  ['next7', 7],
  ['next30', 30],
] as const;

export function rangeFor(days: number, now = new Date()): { from: string; to: string } {
  const day = 86_400_000;
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const start = days < 0 ? new Date(today.getTime() + (days + 1) * day) : today;
  const end = days < 0 ? new Date(today.getTime() + day) : new Date(today.getTime() + days * day);
  return { from: start.toISOString(), to: end.toISOString() };
}

// Wallet names for transfer records: a game wallet under its provider's name, never its code.
function useWalletName(needed: boolean): (wallet: string) => string {
  const { t } = useTranslation();
  const [merchant, setMerchant] = useState<MerchantWallet | null>(null);
  useEffect(() => {
    if (needed) walletApi.merchantWallet().then(setMerchant, () => undefined);
  }, [needed]);
  return (wallet) =>
    wallet ? (merchant?.wallets.find((w) => w.code === wallet)?.name ?? t('wallet.kinds.VENDOR')) : t('wallet.mainWallet');
}

function RecordTable({ records }: { records: Records }) {
  const { t } = useTranslation();
  const walletName = useWalletName(records.list.some((r) => r.reference.startsWith('wallet:')));
  // A wallet transfer by its wallets' names; other references in words (a game's round, an order number).
  const referenceText = (r: Records['list'][number]) => {
    const transfer = transferLabel(r.reference, walletName);
    if (transfer !== null) return transfer;
    const readable = readableReference(r);
    return readable ? t(readable.key, readable.values) : r.reference;
  };
  if (records.list.length === 0) return <Empty />;
  return (
    <table className="mc-table" data-testid="records">
      <thead>
        <tr>
          <th>{t('wallet.time')}</th>
          <th>{t('wallet.records.type')}</th>
          <th>{t('wallet.amount')}</th>
          <th>{t('wallet.records.balanceAfter')}</th>
          <th>{t('wallet.records.reference')}</th>
        </tr>
      </thead>
      <tbody>
        {records.list.map((r) => {
          const type = t(`wallet.records.types.${r.type}`);
          // What happened, where it says more than the type ("Withdrawal / requested (held)", not "Deposit / Deposit").
          const kind = isLedgerKind(r.kind) ? t(`wallet.records.kinds.${r.kind}`) : null;
          return (
          <tr key={r.id}>
            <td>{dateTime(r.createdAt)}</td>
            <td>
              {type}
              {kind !== null && kind !== type && <span className="record-kind">{kind}</span>}
            </td>
            <td className={r.amount.startsWith('-') ? 'negative' : 'positive'}><Money amount={r.amount} /></td>
            <td><Money amount={r.balanceAfter} /></td>
            <td className="muted">{referenceText(r)}</td>
          </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Pager({ records, onPage }: { records: Records; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (records.totalPages <= 1) return null;
  return (
    <div className="pager">
      <button type="button" className="button button-ghost button-small" disabled={records.pageNum <= 1}
        onClick={() => onPage(records.pageNum - 1)}>{t('wallet.records.previous')}</button>
      <span>{t('wallet.records.page', { page: records.pageNum, pages: records.totalPages })}</span>
      <button type="button" className="button button-ghost button-small" disabled={records.pageNum >= records.totalPages}
        onClick={() => onPage(records.pageNum + 1)}>{t('wallet.records.next')}</button>
    </div>
  );
}

// transactionHistory (account records): by type and date range, a page at a time.
export function TransactionHistoryPage() {
  const { t } = useTranslation();
  const [type, setType] = useState('');
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [page, setPage] = useState(1);
  const [records, setRecords] = useState<Records | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    walletApi.records({ type: type || undefined, from: range?.from, to: range?.to, page, pageSize: 10 }).then(
      setRecords,
      (e: unknown) => setError(errorText(t, e)),
    );
  }, [type, range, page, t]);
  return (
    <div>
      <div className="filters">
        <select aria-label={t('wallet.records.type')} value={type} onChange={(e) => { setType(e.target.value); setPage(1); }}>
          <option value="">{t('wallet.records.allTypes')}</option>
          {RECORD_TYPES.map((name) => <option key={name} value={name}>{t(`wallet.records.types.${name}`)}</option>)}
        </select>
        {QUICK_PICKS.map(([key, days]) => (
          <button key={key} type="button" className="button button-ghost button-small"
            onClick={() => { setRange(rangeFor(days)); setPage(1); }}>
            {t(`wallet.records.${key}`)}
          </button>
        ))}
        {range && (
          <button type="button" className="link-button" onClick={() => setRange(null)}>{t('wallet.records.anyTime')}</button>
        )}
      </div>
      {error && <p className="form-error" role="alert">{error}</p>}
      {records && <RecordTable records={records} />}
      {records && <Pager records={records} onPage={setPage} />}
    </div>
  );
}

// bonusDetails: the turnover still owed on bonuses (their wagering progress), then the bonuses the member
// received.
export function BonusDetailsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [records, setRecords] = useState<Records | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    walletApi.bonus(page).then(setRecords, (e: unknown) => setError(errorText(t, e)));
  }, [page, t]);
  return (
    <div>
      <WageringProgress />
      {error && <p className="form-error" role="alert">{error}</p>}
      {records && <RecordTable records={records} />}
      {records && <Pager records={records} onPage={setPage} />}
    </div>
  );
}
