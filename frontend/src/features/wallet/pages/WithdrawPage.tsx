import { useAtomValue, useSetAtom } from 'jotai';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../../components/errorText';
import { FormField } from '../../account/components/FormField';
import { memberCentreAtom } from '../../memberCentre/atoms';
import { type BankAccount, requestId, walletApi, type Withdrawal } from '../api';
import { sumBalanceAtom } from '../atoms';
import { isAmount } from '../money';
import { Empty, Section } from './common';
import { WithdrawalList } from './WithdrawalList';

// withdraw: to a bound bank account, with the withdrawal password; then the list where paid-out
// withdrawals wait for the member's confirmation (SPEC §4).
export function WithdrawPage() {
  const { t } = useTranslation();
  const openPage = useSetAtom(memberCentreAtom);
  const [banks, setBanks] = useState<BankAccount[] | null>(null);
  const [bankId, setBankId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [list, setList] = useState<Withdrawal[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reload = useCallback(() => walletApi.withdrawals().then(setList, () => undefined), []);
  useEffect(() => {
    walletApi.bankAccounts().then((found) => {
      setBanks(found);
      setBankId((current) => current ?? found[0]?.id ?? null);
    }, (e: unknown) => setError(errorText(t, e)));
  }, [t]);
  const balance = useAtomValue(sumBalanceAtom);
  useEffect(() => {
    void reload();
  }, [reload, balance]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (bankId === null || !isAmount(amount) || !password) return;
    setBusy(true);
    setError(null);
    try {
      await walletApi.withdraw({ bankAccountId: bankId, amount: amount.trim(), paymentPassword: password, requestId: requestId() });
      setAmount('');
      setPassword('');
      await reload();
    } catch (problem) {
      setError(errorText(t, problem));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      {banks && banks.length === 0 && (
        <p className="notice">
          {t('wallet.withdraw.needBank')}{' '}
          <button type="button" className="link-button" onClick={() => openPage('securityCenter')}>
            {t('memberCentre.pages.securityCenter')}
          </button>
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
          <FormField label={t('wallet.amount')} value={amount} onValue={setAmount} inputMode="decimal"
            problem={amount && !isAmount(amount) ? { key: 'wallet.errors.amount' } : null} />
          <FormField label={t('account.fields.paymentPassword')} type="password" value={password}
            onValue={setPassword} inputMode="numeric" autoComplete="off" />
          {error && <p className="form-error" role="alert">{error}</p>}
          <div className="form-actions">
            <button type="submit" className="button" disabled={busy || !isAmount(amount) || !password}>
              {t('wallet.withdraw.submit')}
            </button>
          </div>
        </form>
      )}
      <Section title={t('wallet.withdraw.recent')}>
        {list.length === 0 ? <Empty /> : <WithdrawalList items={list} onChanged={() => void reload()} />}
      </Section>
    </div>
  );
}
