import { useAtomValue } from 'jotai';
import { type FormEvent, useEffect, useRef, useState } from 'react';

import { errorText } from '../../../components/errorText';
import { FormField } from '../../../components/FormField';
import { useTranslation } from '../../../i18n/react';
import { formatMoney, isAmount } from '../../../lib/money';
import { brandAtom } from '../../../state/atoms';
import { refreshBalance } from '../../../state/balance';
import { agentApi, newRequestId, type TeamMember } from '../api';
import { MemberType } from '../components/common';

const MEMBER_ID = /^[1-9]\d{0,15}$/;
const LOOKUP_PAUSE_MS = 300;

type Lookup = { id: string; member: TeamMember | null; error: string | null };

// agentPayDownline: from the agent's main wallet to a member of its team, with the withdrawal password.
export function PayDownlinePage({ payee }: { payee: TeamMember | null }) {
  const { t } = useTranslation();
  const symbol = useAtomValue(brandAtom)?.currencySymbol;
  const [memberId, setMemberId] = useState(payee ? String(payee.id) : '');
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [lookup, setLookup] = useState<Lookup | null>(payee ? { id: String(payee.id), member: payee, error: null } : null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // One key per attempt: kept while the agent retries the same payment (a lost answer must not pay twice),
  // dropped once it went through or when the member or the amount changes (that is another payment).
  const attempt = useRef<string | null>(null);
  const id = memberId.trim();

  // A typed id is checked against the team before any money moves, so that the agent sees whom it pays;
  // once typing pauses, not on every keystroke.
  useEffect(() => {
    if (!MEMBER_ID.test(id) || lookup?.id === id) return;
    let live = true;
    const timer = setTimeout(() => {
      agentApi.member(Number(id)).then(
        (member) => live && setLookup({ id, member, error: null }),
        (problem: unknown) => live && setLookup({ id, member: null, error: errorText(t, problem) }),
      );
    }, LOOKUP_PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id, lookup?.id, t]);

  const chosen = lookup?.id === id ? lookup : null;
  const ready = MEMBER_ID.test(id) && isAmount(amount) && password !== '' && !busy;
  const changeMember = (value: string) => {
    attempt.current = null;
    setMemberId(value);
  };
  const changeAmount = (value: string) => {
    attempt.current = null;
    setAmount(value);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setError(null);
    setDone(null);
    setBusy(true);
    attempt.current ??= newRequestId();
    const sent = amount.trim();
    try {
      const answer = await agentApi.payDownline({ memberId: Number(id), amount: sent, paymentPassword: password, requestId: attempt.current });
      attempt.current = null;
      const who = chosen?.member?.username ?? `#${id}`;
      setDone(t(answer.replayed ? 'agentCentre.pay.replayed' : 'agentCentre.pay.done', { amount: formatMoney(sent, symbol), member: who }));
      setAmount('');
      setPassword('');
      // The server pushes the new balance over the socket too; this covers a socket that is reconnecting.
      void refreshBalance();
    } catch (problem) {
      setError(errorText(t, problem));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="mc-form ac-page" onSubmit={(e) => void submit(e)} noValidate data-testid="agent-pay">
      <FormField label={t('agentCentre.pay.memberId')} value={memberId} onValue={changeMember} inputMode="numeric"
        autoComplete="off" problem={id && !MEMBER_ID.test(id) ? { key: 'agentCentre.pay.memberIdInvalid' } : null} />
      {chosen?.member && (
        <p className="ac-payee" data-testid="agent-payee">
          {t('agentCentre.pay.payee', { username: chosen.member.username, level: chosen.member.level })}
          {' · '}
          <MemberType type={chosen.member.type} />
        </p>
      )}
      {chosen?.error && <p className="form-error">{chosen.error}</p>}
      <FormField label={t('wallet.amount')} value={amount} onValue={changeAmount} inputMode="decimal" autoComplete="off"
        problem={amount && !isAmount(amount) ? { key: 'wallet.errors.amount' } : null} />
      <FormField label={t('account.fields.paymentPassword')} type="password" value={password} onValue={setPassword}
        autoComplete="off" />
      {error && <p className="form-error" role="alert">{error}</p>}
      {done && <p className="notice" role="status">{done}</p>}
      <div className="form-actions">
        <button type="submit" className="button" disabled={!ready}>
          {t('agentCentre.pay.submit')}
        </button>
      </div>
    </form>
  );
}
