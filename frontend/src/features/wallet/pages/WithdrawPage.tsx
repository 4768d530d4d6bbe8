import { useAtomValue, useSetAtom } from 'jotai';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';

import { errorText } from '../../../components/errorText';
import { FormField } from '../../../components/FormField';
import { Section } from '../../../components/Section';
import { useTranslation } from '../../../i18n/react';
import type { FieldProblem } from '../../../lib/formFields';
import { formatMoney, isAmount, toCents } from '../../../lib/money';
import { brandAtom } from '../../../state/atoms';
import { sumBalanceAtom } from '../../../state/balance';
import { memberCentreAtom } from '../../../state/memberCentre';
import { type BankAccount, requestId, walletApi, type Withdrawal, type WithdrawalLimits } from '../api';
import { useCashierRequests, withPushedStatus } from '../live';
import { cashierErrorText, isTurnoverRefusal } from '../turnover';
import { Empty, Money } from './common';
import { WithdrawalList } from './WithdrawalList';

// The amount against what the form knows (the server checks it again): a decimal, within the brand's
// limits, no more than the withdrawable balance.
function amountProblem(amount: string, limits: WithdrawalLimits | null, symbol?: string): FieldProblem | null {
  if (!amount) return null;
  if (!isAmount(amount)) return { key: 'wallet.errors.amount' };
  if (!limits) return null;
  const cents = toCents(amount);
  if (cents < toCents(limits.minAmount) || cents > toCents(limits.maxAmount)) {
    const range = { min: formatMoney(limits.minAmount, symbol), max: formatMoney(limits.maxAmount, symbol) };
    return { key: 'wallet.errors.range', values: range };
  }
  if (cents > toCents(limits.available)) {
    return { key: 'wallet.withdraw.overAvailable', values: { available: formatMoney(limits.available, symbol) } };
  }
  return null;
}

// withdraw: to a bound bank account, with the withdrawal password, within the limits it shows; then the
// list where paid-out withdrawals wait for the member's confirmation (SPEC §4).
export function WithdrawPage() {
  const { t } = useTranslation();
  const openPage = useSetAtom(memberCentreAtom);
  const symbol = useAtomValue(brandAtom)?.currencySymbol;
  const [banks, setBanks] = useState<BankAccount[] | null>(null);
  const [bankId, setBankId] = useState<number | null>(null);
  const [limits, setLimits] = useState<WithdrawalLimits | null>(null);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [list, setList] = useState<Withdrawal[]>([]);
  const [error, setError] = useState<string | null>(null);
  // Refused for a bonus's turnover still owed: the error leads to the wagering progress.
  const [owesTurnover, setOwesTurnover] = useState(false);
  const [done, setDone] = useState<Withdrawal | null>(null);
  const [busy, setBusy] = useState(false);
  // Only the answer to the latest read is shown: an older one, overtaken by a push, must not bring back
  // the status the push replaced.
  const reads = useRef(0);
  const reload = useCallback(() => {
    const read = ++reads.current;
    void walletApi.withdrawals().then((rows) => {
      if (read === reads.current) setList(rows);
    }, () => undefined);
    void walletApi.withdrawalLimits().then(setLimits, () => undefined);
  }, []);
  // A staff decision or payout: the row's status and buttons change at once, the rest comes with the re-read.
  useCashierRequests('withdrawal', (pushed) => {
    setList((rows) => withPushedStatus(rows, pushed));
    reload();
  });
  useEffect(() => {
    walletApi.bankAccounts().then((found) => {
      setBanks(found);
      setBankId((current) => current ?? found[0]?.id ?? null);
    }, (e: unknown) => setError(errorText(t, e)));
  }, [t]);
  const balance = useAtomValue(sumBalanceAtom);
  useEffect(() => {
    reload();
  }, [reload, balance]);
  const problem = amountProblem(amount, limits, symbol);
  const usedUp = limits !== null && limits.usedToday >= limits.dailyCount;
  const ready = bankId !== null && isAmount(amount) && !problem && Boolean(password) && !usedUp;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || bankId === null) return;
    setBusy(true);
    setError(null);
    setOwesTurnover(false);
    setDone(null);
    try {
      setDone(await walletApi.withdraw({ bankAccountId: bankId, amount: amount.trim(), paymentPassword: password, requestId: requestId() }));
      setAmount('');
      setPassword('');
      reload();
    } catch (failure) {
      setError(cashierErrorText(t, failure, symbol));
      setOwesTurnover(isTurnoverRefusal(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      {limits && (
        <dl className="facts" data-testid="withdraw-limits">
          <dt>{t('wallet.withdraw.available')}</dt>
          <dd><Money amount={limits.available} /></dd>
          <dt>{t('wallet.withdraw.limits')}</dt>
          <dd>{t('wallet.withdraw.range', { min: formatMoney(limits.minAmount, symbol), max: formatMoney(limits.maxAmount, symbol) })}</dd>
          <dt>{t('wallet.withdraw.today')}</dt>
          <dd>{t('wallet.withdraw.todayCount', { used: String(limits.usedToday), count: String(limits.dailyCount) })}</dd>
        </dl>
      )}
      {limits && !limits.paymentPasswordSet && (
        <p className="notice">
          {t('wallet.withdraw.needPassword')}{' '}
          <button type="button" className="link-button" onClick={() => openPage('securityCenter')}>
            {t('memberCentre.pages.securityCenter')}
          </button>
        </p>
      )}
      {banks && banks.length === 0 && (
        <p className="notice">
          {t('wallet.withdraw.needBank')}{' '}
          <button type="button" className="link-button" onClick={() => openPage('securityCenter')}>
            {t('memberCentre.pages.securityCenter')}
          </button>
        </p>
      )}
      {usedUp && <p className="notice">{t('errors.WITHDRAW_DAILY_LIMIT')}</p>}
      {done && (
        <p className="notice" role="status" data-testid="withdraw-confirmation">
          {t('wallet.withdraw.submitted', {
            orderNo: done.orderNo,
            amount: formatMoney(done.amount, symbol),
            status: t(`wallet.status.${done.status}`),
          })}
        </p>
      )}
      {banks && banks.length > 0 && (
        <form className="mc-form" onSubmit={(e) => void submit(e)} noValidate>
          <label className="form-field">
            <span>{t('wallet.withdraw.bankAccount')}</span>
            <select value={bankId ?? ''} onChange={(e) => setBankId(Number(e.target.value))}>
              {banks.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.bankName} · {b.accountNumber} · {b.accountName}
                </option>
              ))}
            </select>
          </label>
          <FormField label={t('wallet.amount')} value={amount} onValue={setAmount} inputMode="decimal" problem={problem} />
          <FormField label={t('account.fields.paymentPassword')} type="password" value={password}
            onValue={setPassword} inputMode="numeric" autoComplete="off" />
          {error && (
            <p className="form-error" role="alert" data-testid="withdraw-error">
              {error}
              {owesTurnover && (
                <>
                  {' '}
                  <button type="button" className="link-button" onClick={() => openPage('bonusDetails')}>
                    {t('wallet.turnover.see')}
                  </button>
                </>
              )}
            </p>
          )}
          <div className="form-actions">
            <button type="submit" className="button" disabled={busy || !ready}>
              {t('wallet.withdraw.submit')}
            </button>
          </div>
        </form>
      )}
      <Section title={t('wallet.withdraw.recent')}>
        {list.length === 0 ? <Empty /> : <WithdrawalList items={list} onChanged={reload} />}
      </Section>
    </div>
  );
}
