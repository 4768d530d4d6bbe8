import { type FormEvent, useState } from 'react';

import { errorText } from '../../../components/errorText';
import { useTranslation } from '../../../i18n/react';
import { dateTime } from '../../../lib/dates';
import { isAmount } from '../../../lib/money';
import { walletApi, type Withdrawal } from '../api';
import { Money, StatusBadge } from './common';

type Step = 'partial' | 'not_received' | null;

// The member's side of a withdrawal after payout: received, partly received (what came and what is
// missing), not received (with proof), or, after either of those, all received.
function ConfirmReceipt({ item, onChanged }: { item: Withdrawal; onChanged: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>(null);
  const [received, setReceived] = useState('');
  const [remaining, setRemaining] = useState('');
  const [proof, setProof] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = async (outcome: string, extra: Record<string, string | Blob> = {}) => {
    const form = new FormData();
    form.set('outcome', outcome);
    for (const [key, value] of Object.entries(extra)) form.set(key, value);
    try {
      await walletApi.confirmWithdrawal(item.orderNo, form);
      onChanged();
    } catch (problem) {
      setError(errorText(t, problem));
    }
  };
  const submitPartial = (event: FormEvent) => {
    event.preventDefault();
    // Sent as checked: the server takes an amount exactly, with no space around it.
    if (isAmount(received) && isAmount(remaining)) {
      void send('partial', { receivedAmount: received.trim(), remainingAmount: remaining.trim() });
    }
  };
  const submitMissing = (event: FormEvent) => {
    event.preventDefault();
    if (proof) void send('not_received', { proof });
  };
  if (item.status === 'PARTIAL' || item.status === 'NOT_RECEIVED') {
    return (
      <button type="button" className="button button-small" onClick={() => void send('all_received')}>
        {t('wallet.withdraw.allReceived')}
      </button>
    );
  }
  return (
    <div className="receipt">
      <div className="form-actions">
        <button type="button" className="button button-small" onClick={() => void send('received')}>
          {t('wallet.withdraw.received')}
        </button>
        <button type="button" className="button button-ghost button-small" onClick={() => setStep('partial')}>
          {t('wallet.withdraw.partial')}
        </button>
        <button type="button" className="button button-ghost button-small" onClick={() => setStep('not_received')}>
          {t('wallet.withdraw.notReceived')}
        </button>
      </div>
      {step === 'partial' && (
        <form onSubmit={submitPartial} className="inline-form">
          <input aria-label={t('wallet.withdraw.receivedAmount')} placeholder={t('wallet.withdraw.receivedAmount')}
            value={received} onChange={(e) => setReceived(e.target.value)} inputMode="decimal" />
          <input aria-label={t('wallet.withdraw.remainingAmount')} placeholder={t('wallet.withdraw.remainingAmount')}
            value={remaining} onChange={(e) => setRemaining(e.target.value)} inputMode="decimal" />
          <button type="submit" className="button button-small">{t('common.submit')}</button>
        </form>
      )}
      {step === 'not_received' && (
        <form onSubmit={submitMissing} className="inline-form">
          <label>
            {t('wallet.withdraw.proof')}
            <input type="file" accept="image/png,image/jpeg" onChange={(e) => setProof(e.target.files?.[0] ?? null)} />
          </label>
          <button type="submit" className="button button-small" disabled={!proof}>{t('common.submit')}</button>
        </form>
      )}
      {error && <p className="form-error" role="alert">{error}</p>}
    </div>
  );
}

export function WithdrawalList({ items, onChanged }: { items: Withdrawal[]; onChanged: () => void }) {
  const { t } = useTranslation();
  return (
    <ul className="withdrawals" data-testid="withdrawal-list">
      {items.map((item) => (
        <li key={item.orderNo} className="card" data-order={item.orderNo}>
          <div className="row">
            <strong><Money amount={item.amount} /></strong>
            <StatusBadge status={item.status} />
          </div>
          <p className="muted">
            {item.orderNo} · {dateTime(item.createdAt)} · {item.bankName} {item.accountNumber}
          </p>
          {item.remainingAmount && (
            <p className="muted">
              {t('wallet.withdraw.receivedAmount')}: <Money amount={item.receivedAmount ?? '0'} /> ·{' '}
              {t('wallet.withdraw.remainingAmount')}: <Money amount={item.remainingAmount} />
            </p>
          )}
          {item.status === 'PENDING' && (
            <button type="button" className="button button-ghost button-small"
              onClick={() => void walletApi.cancelWithdrawal(item.orderNo).then(onChanged)}>
              {t('wallet.withdraw.cancel')}
            </button>
          )}
          {['DISBURSED', 'PARTIAL', 'NOT_RECEIVED'].includes(item.status) && (
            <ConfirmReceipt item={item} onChanged={onChanged} />
          )}
        </li>
      ))}
    </ul>
  );
}
