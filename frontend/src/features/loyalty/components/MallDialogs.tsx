import { type FormEvent, useState } from 'react';

import { errorText } from '../../../components/errorText';
import { FormField } from '../../../components/FormField';
import { Modal } from '../../../components/Modal';
import { useTranslation } from '../../../i18n/react';
import { fromCents } from '../../../lib/money';
import { loyaltyApi, type MallItem, points, type PointsBalance, type Redeem, requestId, useMoney } from '../shared';

// SPEC's redeem quantity: 1 to 10, and no more than the stock, the member's remaining limit and their points.
export function maxQuantity(item: MallItem, current: number): number {
  const limits = [10, Math.floor(current / Math.max(1, item.points))];
  if (item.stock !== null) limits.push(item.stock);
  if (item.perMember !== null) limits.push(item.perMember - item.redeemed);
  return Math.max(0, Math.min(...limits));
}

// Redeem (SPEC §2.6 "Redeem (point mall)"): how many, the withdrawal password and, for goods, where to deliver
// them (address and mobile number). The server's refusal shows by its code's words; the answer closes it.
export function RedeemDialog({ item, balance, onClose, onDone }: {
  item: MallItem;
  balance: PointsBalance;
  onClose: () => void;
  onDone: (redeem: Redeem) => void;
}) {
  const { t } = useTranslation();
  const most = maxQuantity(item, balance.current);
  const [quantity, setQuantity] = useState('1');
  const [password, setPassword] = useState('');
  const [address, setAddress] = useState('');
  const [mobile, setMobile] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One key per dialog: a double tap or a retried request redeems once.
  const [key] = useState(requestId);
  const goods = item.category === 'GOODS';
  const count = /^\d{1,2}$/.test(quantity) ? Number(quantity) : 0;
  const countOk = count >= 1 && count <= most;
  const ready = countOk && password !== '' && (!goods || (address.trim() !== '' && mobile.trim() !== ''));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setError(null);
    try {
      const body = { itemId: item.id, quantity: count, paymentPassword: password, requestId: key };
      onDone(await loyaltyApi.redeem(goods ? { ...body, address: address.trim(), mobile: mobile.trim() } : body));
    } catch (failure) {
      setError(errorText(t, failure));
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('loyalty.mall.redeemTitle', { name: item.name })} onClose={onClose} variant="dialog" testId="redeem-dialog">
      <form className="mc-form loyalty-dialog" onSubmit={(e) => void submit(e)} noValidate>
        <p className="form-hint">{t('loyalty.mall.youHave', { points: points(balance.current) })}</p>
        <FormField label={t('loyalty.mall.quantity')} value={quantity} onValue={setQuantity} inputMode="numeric" type="number" min={1} max={Math.max(1, most)}
          problem={quantity !== '' && !countOk ? { key: 'loyalty.mall.quantityRange', values: { max: most } } : null} />
        <p className="loyalty-cost" data-testid="redeem-cost">{t('loyalty.mall.cost', { points: points(item.points * (countOk ? count : 1)) })}</p>
        {goods && (
          <>
            <FormField label={t('loyalty.mall.address')} value={address} onValue={setAddress} autoComplete="street-address" maxLength={200} />
            <FormField label={t('loyalty.mall.mobile')} value={mobile} onValue={setMobile} type="tel" inputMode="tel" autoComplete="tel" maxLength={20} />
          </>
        )}
        <FormField label={t('account.fields.paymentPassword')} type="password" value={password} onValue={setPassword} inputMode="numeric" autoComplete="off" />
        {error && <p className="form-error" role="alert" data-testid="redeem-error">{error}</p>}
        <div className="form-actions">
          <button type="button" className="button button-ghost" onClick={onClose}>{t('common.cancel')}</button>
          <button type="submit" className="button" disabled={!ready || busy} aria-busy={busy}>{t('loyalty.mall.redeem')}</button>
        </div>
      </form>
    </Modal>
  );
}

// What `n` points convert to at `ratio` points per 1.00: whole cents, rounded down (as the server pays).
export function convertedAmount(n: number, ratio: number): string {
  if (ratio <= 0 || n <= 0) return '0.00';
  return fromCents((BigInt(n) * 100n) / BigInt(ratio));
}

// Convert (SPEC §7, password-checked): points into money at the brand's ratio, at least its minimum.
export function ConvertDialog({ balance, minConvert, onClose, onDone }: {
  balance: PointsBalance;
  minConvert: number;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const [amount, setAmount] = useState(String(balance.current));
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [key] = useState(requestId);
  const n = /^\d{1,12}$/.test(amount) ? Number(amount) : 0;
  const ok = n >= Math.max(1, minConvert) && n <= balance.current;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ok || password === '' || busy) return;
    setBusy(true);
    setError(null);
    try {
      const done = await loyaltyApi.convert({ points: n, paymentPassword: password, requestId: key });
      onDone(t('loyalty.mall.converted', { points: points(done.points), amount: money(done.amount) }));
    } catch (failure) {
      setError(errorText(t, failure));
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('loyalty.mall.convertTitle')} onClose={onClose} variant="dialog" testId="convert-dialog">
      <form className="mc-form loyalty-dialog" onSubmit={(e) => void submit(e)} noValidate>
        <p className="form-hint">{t('loyalty.mall.convertHint', { min: points(minConvert), ratio: points(balance.ratio), unit: money('1.00') })}</p>
        <FormField label={t('loyalty.mall.pointsToConvert')} value={amount} onValue={setAmount} inputMode="numeric"
          problem={amount !== '' && !ok ? { key: 'loyalty.mall.convertRange', values: { min: points(minConvert), max: points(balance.current) } } : null} />
        <p className="loyalty-cost" data-testid="convert-amount">{t('loyalty.mall.convertGives', { amount: money(convertedAmount(ok ? n : 0, balance.ratio)) })}</p>
        <FormField label={t('account.fields.paymentPassword')} type="password" value={password} onValue={setPassword} inputMode="numeric" autoComplete="off" />
        {error && <p className="form-error" role="alert" data-testid="convert-error">{error}</p>}
        <div className="form-actions">
          <button type="button" className="button button-ghost" onClick={onClose}>{t('common.cancel')}</button>
          <button type="submit" className="button" disabled={!ok || password === '' || busy} aria-busy={busy}>{t('loyalty.mall.convert')}</button>
        </div>
      </form>
    </Modal>
  );
}
