import { useAtomValue } from 'jotai';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../../components/errorText';
import { brandAtom } from '../../../state/atoms';
import { FormField } from '../../account/components/FormField';
import { memberAtom } from '../../account/atoms';
import { type BalanceOut, requestId, walletApi } from '../api';
import { refreshBalance } from '../balance';
import { isAmount } from '../money';
import { Money, Section } from './common';

// transferFund: the member's wallets, and moves between the main wallet and a vendor wallet when the
// merchant runs one wallet per vendor.
export function TransferFundPage() {
  const { t } = useTranslation();
  const [wallets, setWallets] = useState<BalanceOut | null>(null);
  const [single, setSingle] = useState(true);
  const [vendors, setVendors] = useState<string[]>([]);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const load = () => walletApi.balance().then(setWallets, (e: unknown) => setError(errorText(t, e)));
  useEffect(() => {
    void load();
    walletApi.merchantWallet().then((m) => {
      setSingle(m.isSingle);
      setVendors(m.vendors);
    }, () => undefined);
  }, []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isAmount(amount) || from === to) return;
    setError(null);
    try {
      await walletApi.walletTransfer({ fromVendor: from, toVendor: to, amount: amount.trim(), requestId: requestId() });
      setAmount('');
      await load();
      await refreshBalance();
    } catch (problem) {
      setError(errorText(t, problem));
    }
  };
  const name = (code: string) => (code ? code : t('wallet.mainWallet'));
  return (
    <div>
      <Section title={t('wallet.wallets')}>
        <table className="mc-table">
          <tbody>
            {(wallets?.wallets ?? []).filter((w) => w.kind !== 'HOLD').map((w) => (
              <tr key={`${w.kind}-${w.vendorCode ?? ''}`}>
                <td>{w.kind === 'VENDOR' ? w.vendorCode : t(`wallet.kinds.${w.kind}`)}</td>
                <td><Money amount={w.balance} /></td>
              </tr>
            ))}
            <tr className="total">
              <td>{t('wallet.total')}</td>
              <td>{wallets && <Money amount={wallets.sumBalance} />}</td>
            </tr>
          </tbody>
        </table>
      </Section>
      {!single && (
        <Section title={t('wallet.transfer.title')}>
          <form className="mc-form" onSubmit={(e) => void submit(e)} noValidate>
            <div className="row">
              <label className="form-field">
                <span>{t('wallet.transfer.from')}</span>
                <select value={from} onChange={(e) => setFrom(e.target.value)}>
                  {['', ...vendors].map((v) => (
                    <option key={v} value={v}>{name(v)}</option>
                  ))}
                </select>
              </label>
              <label className="form-field">
                <span>{t('wallet.transfer.to')}</span>
                <select value={to} onChange={(e) => setTo(e.target.value)}>
                  {['', ...vendors].map((v) => (
                    <option key={v} value={v}>{name(v)}</option>
                  ))}
                </select>
              </label>
            </div>
            <FormField label={t('wallet.amount')} value={amount} onValue={setAmount} inputMode="decimal" />
            {error && <p className="form-error" role="alert">{error}</p>}
            <div className="form-actions">
              <button type="submit" className="button" disabled={!isAmount(amount) || from === to}>
                {t('wallet.transfer.submit')}
              </button>
            </div>
          </form>
        </Section>
      )}
    </div>
  );
}

// transferUpline: a member pays its upline agent.
export function TransferUplinePage() {
  const { t } = useTranslation();
  const member = useAtomValue(memberAtom);
  const symbol = useAtomValue(brandAtom)?.currencySymbol;
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (!member?.toUpline) return <p className="empty-state">{t('wallet.transfer.noUpline')}</p>;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isAmount(amount) || !password) return;
    setError(null);
    try {
      const answer = await walletApi.transferUpline({ amount: amount.trim(), paymentPassword: password, requestId: requestId() });
      setDone(t('wallet.transfer.sent', { amount: `${symbol ?? ''} ${amount}`, upline: member.uplineName ?? '' }));
      setAmount('');
      setPassword('');
      void answer;
    } catch (problem) {
      setError(errorText(t, problem));
    }
  };
  return (
    <form className="mc-form" onSubmit={(e) => void submit(e)} noValidate>
      <p className="muted">{t('wallet.transfer.uplineIs', { upline: member.uplineName ?? '' })}</p>
      <FormField label={t('wallet.amount')} value={amount} onValue={setAmount} inputMode="decimal" />
      <FormField label={t('account.fields.paymentPassword')} type="password" value={password} onValue={setPassword} autoComplete="off" />
      {error && <p className="form-error" role="alert">{error}</p>}
      {done && <p className="notice" role="status">{done}</p>}
      <div className="form-actions">
        <button type="submit" className="button" disabled={!isAmount(amount) || !password}>
          {t('wallet.transfer.submit')}
        </button>
      </div>
    </form>
  );
}
