import { useAtomValue } from 'jotai';
import { type FormEvent, useEffect, useState } from 'react';

import { errorText } from '../../../components/errorText';
import { FormField } from '../../../components/FormField';
import { Section } from '../../../components/Section';
import { useTranslation } from '../../../i18n/react';
import { formatMoney, isAmount } from '../../../lib/money';
import { memberAtom } from '../../../state/account';
import { brandAtom } from '../../../state/atoms';
import { refreshBalance } from '../../../state/balance';
import { type BalanceOut, type MerchantWallet, requestId, walletApi } from '../api';
import { choose, defaultSides, isTransfer, type Sides } from '../transferSides';
import { cashierErrorText } from '../turnover';
import { Money } from './common';

// transferFund: every wallet of the member with its balance (game wallets by their provider's name), and
// moves between the main wallet and a game wallet when the merchant runs one wallet per vendor.
export function TransferFundPage() {
  const { t } = useTranslation();
  const symbol = useAtomValue(brandAtom)?.currencySymbol;
  const [wallets, setWallets] = useState<BalanceOut | null>(null);
  const [merchant, setMerchant] = useState<MerchantWallet | null>(null);
  const [sides, setSides] = useState<Sides>({ from: '', to: '' });
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const load = () => walletApi.balance().then(setWallets, (e: unknown) => setError(errorText(t, e)));
  useEffect(() => {
    void load();
    walletApi.merchantWallet().then((found) => {
      setMerchant(found);
      setSides(defaultSides(found.wallets.map((w) => w.code)));
    }, () => undefined);
  }, []);
  const vendorName = (code: string) =>
    merchant?.wallets.find((w) => w.code === code)?.name ??
    wallets?.wallets.find((w) => w.vendorCode === code)?.name ??
    t('wallet.kinds.VENDOR');
  const name = (code: string) => (code ? vendorName(code) : t('wallet.mainWallet'));
  const ready = isAmount(amount) && isTransfer(sides);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setError(null);
    setDone(null);
    try {
      await walletApi.walletTransfer({ fromVendor: sides.from, toVendor: sides.to, amount: amount.trim(), requestId: requestId() });
      setDone(t('wallet.transfer.done', { amount: formatMoney(amount, symbol), from: name(sides.from), to: name(sides.to) }));
      setAmount('');
      await load();
      await refreshBalance();
    } catch (problem) {
      setError(errorText(t, problem));
    }
  };
  const choices = ['', ...(merchant?.wallets ?? []).map((w) => w.code)];
  const picker = (side: keyof Sides) => (
    <label className="form-field">
      <span>{t(`wallet.transfer.${side}`)}</span>
      <select value={sides[side]} onChange={(e) => setSides((current) => choose(current, side, e.target.value))}>
        {choices.map((v) => (
          <option key={v} value={v}>{name(v)}</option>
        ))}
      </select>
    </label>
  );
  return (
    <div>
      <Section title={t('wallet.wallets')}>
        <table className="mc-table" data-testid="wallet-list">
          <tbody>
            {(wallets?.wallets ?? []).filter((w) => w.kind !== 'HOLD').map((w) => (
              <tr key={`${w.kind}-${w.vendorCode ?? ''}`}>
                <th scope="row">{w.kind === 'VENDOR' ? w.name ?? t('wallet.kinds.VENDOR') : t(`wallet.kinds.${w.kind}`)}</th>
                <td><Money amount={w.balance} /></td>
              </tr>
            ))}
            <tr className="total">
              <th scope="row">{t('wallet.total')}</th>
              <td>{wallets && <Money amount={wallets.sumBalance} />}</td>
            </tr>
          </tbody>
        </table>
      </Section>
      {merchant && !merchant.isSingle && (
        <Section title={t('wallet.transfer.title')}>
          <form className="mc-form" onSubmit={(e) => void submit(e)} noValidate>
            <div className="row">
              {picker('from')}
              {picker('to')}
            </div>
            <FormField label={t('wallet.amount')} value={amount} onValue={setAmount} inputMode="decimal"
              problem={amount && !isAmount(amount) ? { key: 'wallet.errors.amount' } : null} />
            {error && <p className="form-error" role="alert">{error}</p>}
            {done && <p className="notice" role="status">{done}</p>}
            <div className="form-actions">
              <button type="submit" className="button" disabled={!ready}>
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
      // A bonus's turnover still owed keeps the money in (TURNOVER_REQUIRED): said with the amount.
      setError(cashierErrorText(t, problem, symbol));
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
