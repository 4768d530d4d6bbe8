import { useAtomValue } from 'jotai';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';

import { errorText } from '../../../components/errorText';
import { FormField } from '../../../components/FormField';
import { useTranslation } from '../../../i18n/react';
import { formatMoney, isAmount } from '../../../lib/money';
import { brandAtom } from '../../../state/atoms';
import { refreshBalance } from '../../../state/balance';
import { agentApi, newRequestId, type TeamMember } from '../api';
import { MemberType } from '../components/common';

const LOOKUP_PAUSE_MS = 300;
// How many of the team's members the field suggests for what is typed.
const SUGGESTIONS = 8;

// User names are stored trimmed and in lower case (server/accounts/login.username_key).
const nameKey = (name: string) => name.trim().toLowerCase();

type Lookup = { name: string; found: TeamMember[]; error: string | null };

// agentPayDownline: from the agent's main wallet to a member of its team, chosen by user name (a team row's
// Pay brings its member), with the withdrawal password. The agent never sees or types a member id.
export function PayDownlinePage({ payee }: { payee: TeamMember | null }) {
  const { t } = useTranslation();
  const symbol = useAtomValue(brandAtom)?.currencySymbol;
  const listId = useId();
  const [username, setUsername] = useState(payee?.username ?? '');
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [lookup, setLookup] = useState<Lookup | null>(
    payee ? { name: payee.username, found: [payee], error: null } : null,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // One key per attempt: kept while the agent retries the same payment (a lost answer must not pay twice),
  // dropped once it went through or when the member or the amount changes (that is another payment).
  const attempt = useRef<string | null>(null);
  const name = nameKey(username);

  // What is typed is looked up in the team (by user name or nickname) once typing pauses: the matches are
  // offered as suggestions, and the member whose user name it is becomes the payee, so that the agent sees
  // whom it pays before any money moves.
  useEffect(() => {
    if (!name || lookup?.name === name) return;
    let live = true;
    const timer = setTimeout(() => {
      agentApi.members({ search: name, pageNum: 1, pageSize: SUGGESTIONS }).then(
        (page) => live && setLookup({ name, found: page.list, error: null }),
        (problem: unknown) => live && setLookup({ name, found: [], error: errorText(t, problem) }),
      );
    }, LOOKUP_PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [name, lookup?.name, t]);

  const current = lookup?.name === name ? lookup : null;
  const chosen = current?.found.find((member) => member.username === name) ?? null;
  const ready = chosen !== null && isAmount(amount) && password !== '' && !busy;
  const changeMember = (value: string) => {
    attempt.current = null;
    setUsername(value);
  };
  const changeAmount = (value: string) => {
    attempt.current = null;
    setAmount(value);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || chosen === null) return;
    setError(null);
    setDone(null);
    setBusy(true);
    attempt.current ??= newRequestId();
    const sent = amount.trim();
    try {
      const answer = await agentApi.payDownline({
        username: chosen.username, amount: sent, paymentPassword: password, requestId: attempt.current,
      });
      attempt.current = null;
      setDone(t(answer.replayed ? 'agentCentre.pay.replayed' : 'agentCentre.pay.done',
        { amount: formatMoney(sent, symbol), member: chosen.username }));
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
  // Nobody in the team goes by what is typed (partial names still offer their matches as suggestions).
  const notInTeam = current !== null && current.error === null && current.found.length === 0;
  return (
    <form className="mc-form ac-page" onSubmit={(e) => void submit(e)} noValidate data-testid="agent-pay">
      <FormField label={t('agentCentre.pay.member')} value={username} onValue={changeMember} type="search"
        list={listId} autoComplete="off" autoCapitalize="none" spellCheck={false} maxLength={64}
        hintText={t('agentCentre.pay.memberHint')}
        problem={notInTeam ? { key: 'agentCentre.pay.notInTeam' } : null} />
      <datalist id={listId}>
        {current?.found.map((member) => (
          <option key={member.username} value={member.username}>{member.nickname ?? member.username}</option>
        ))}
      </datalist>
      {chosen && (
        <p className="ac-payee" data-testid="agent-payee">
          {t('agentCentre.pay.payee', { username: chosen.username, level: chosen.level })}
          {' · '}
          <MemberType type={chosen.type} />
        </p>
      )}
      {current?.error && <p className="form-error">{current.error}</p>}
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
