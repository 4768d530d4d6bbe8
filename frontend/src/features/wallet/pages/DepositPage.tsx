import { useAtomValue } from 'jotai';
import { type FormEvent, useEffect, useState } from 'react';

import { errorText } from '../../../components/errorText';
import { FormField } from '../../../components/FormField';
import { Section } from '../../../components/Section';
import { useTranslation } from '../../../i18n/react';
import { dateTime } from '../../../lib/dates';
import { isAmount, toCents } from '../../../lib/money';
import { sumBalanceAtom } from '../../../state/balance';
import { type Channel, type Deposit, requestId, walletApi } from '../api';
import { useCashierRequests, withPushedStatus } from '../live';
import { Empty, Money, StatusBadge } from './common';

// depositv2: the merchant's channels. A bank transfer waits for the operator; a gateway opens its payment
// page in a new window, and the balance in this one updates by itself when the payment lands.
export function DepositPage() {
  const { t } = useTranslation();
  const [channels, setChannels] = useState<Channel[] | null>(null);
  const [code, setCode] = useState<string>('');
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [orders, setOrders] = useState<Deposit[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reload = () => walletApi.deposits().then(setOrders, () => undefined);
  useEffect(() => {
    walletApi.channels().then(
      (found) => {
        setChannels(found);
        setCode((current) => current || found[0]?.code || '');
      },
      (e: unknown) => setError(errorText(t, e)),
    );
  }, [t]);
  // A gateway payment lands while this page is open: the balance push is the cue to re-read the orders.
  const balance = useAtomValue(sumBalanceAtom);
  useEffect(() => {
    void reload();
  }, [balance]);
  // A cashier's confirmation or rejection of a bank transfer: the row follows at once.
  useCashierRequests('deposit', (pushed) => {
    setOrders((rows) => withPushedStatus(rows, pushed));
    void reload();
  });
  const channel = channels?.find((c) => c.code === code);
  const amountProblem = !channel
    ? null
    : !isAmount(amount)
      ? { key: 'wallet.errors.amount' }
      : toCents(amount) < toCents(channel.minAmount) || toCents(amount) > toCents(channel.maxAmount)
        ? { key: 'wallet.errors.range', values: { min: channel.minAmount, max: channel.maxAmount } }
        : null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!channel || amountProblem) return;
    setBusy(true);
    setError(null);
    setMessage(null);
    // Opened now, while the click still counts as the user's: a window opened after an await is blocked.
    const payWindow = channel.kind === 'GATEWAY' ? window.open('', 'payment') : null;
    try {
      const order = await walletApi.deposit({
        channel: channel.code,
        amount: amount.trim(),
        requestId: requestId(),
        payerReference: reference.trim() || undefined,
      });
      if (order.paymentUrl) {
        if (payWindow) payWindow.location.href = order.paymentUrl;
        else window.location.assign(order.paymentUrl);
        setMessage(t('wallet.deposit.payInWindow'));
      } else {
        setMessage(t('wallet.deposit.submitted', { orderNo: order.orderNo }));
      }
      setAmount('');
      setReference('');
      void reload();
    } catch (problem) {
      payWindow?.close();
      setError(errorText(t, problem));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      {channels && channels.length === 0 && <p className="empty-state">{t('wallet.deposit.noChannels')}</p>}
      {channels && channels.length > 0 && (
        <form onSubmit={(e) => void submit(e)} noValidate className="mc-form">
          <div className="tabs" role="tablist">
            {channels.map((c) => (
              <button key={c.code} type="button" role="tab" aria-selected={c.code === code}
                className={c.code === code ? 'tab active' : 'tab'} onClick={() => setCode(c.code)}>
                {c.name}
              </button>
            ))}
          </div>
          {channel?.kind === 'BANK' && (
            <dl className="facts">
              <dt>{t('wallet.deposit.bank')}</dt>
              <dd>{channel.bankName}</dd>
              <dt>{t('wallet.deposit.accountName')}</dt>
              <dd>{channel.accountName}</dd>
              <dt>{t('wallet.deposit.accountNumber')}</dt>
              <dd>{channel.accountNumber}</dd>
            </dl>
          )}
          <FormField
            label={t('wallet.amount')}
            value={amount}
            onValue={setAmount}
            inputMode="decimal"
            problem={amount ? amountProblem : null}
            hintText={channel ? t('wallet.deposit.limits', { min: channel.minAmount, max: channel.maxAmount }) : undefined}
          />
          {channel?.kind === 'BANK' && (
            <FormField label={t('wallet.deposit.reference')} value={reference} onValue={setReference} maxLength={100} />
          )}
          {error && <p className="form-error" role="alert">{error}</p>}
          {message && <p className="notice" role="status">{message}</p>}
          <div className="form-actions">
            <button type="submit" className="button" disabled={busy || !amount || Boolean(amountProblem)}>
              {channel?.kind === 'GATEWAY' ? t('wallet.deposit.pay') : t('wallet.deposit.submit')}
            </button>
          </div>
        </form>
      )}
      <Section title={t('wallet.deposit.recent')}>
        {orders.length === 0 ? (
          <Empty />
        ) : (
          <table className="mc-table">
            <thead>
              <tr>
                <th>{t('wallet.orderNo')}</th>
                <th>{t('wallet.time')}</th>
                <th>{t('wallet.amount')}</th>
                <th>{t('wallet.statusLabel')}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.orderNo}>
                  <td>{o.orderNo}</td>
                  <td>{dateTime(o.createdAt)}</td>
                  <td><Money amount={o.amount} /></td>
                  <td><StatusBadge status={o.status} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
    </div>
  );
}
