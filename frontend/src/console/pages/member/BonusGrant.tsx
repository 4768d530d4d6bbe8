// With bonus.grant: a bonus into the member's main wallet, with its reason. The brand's ceilings are the
// server's: a grant above the ceiling per grant, or past the day's, is refused with the limit shown; one
// above the four-eyes threshold waits for another staff member on the cashier desk. One request id per grant
// being sent, kept while the same grant is tried again, so that an answer lost on the way never pays twice.
import { type FormEvent, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { isSessionProblem } from '../../api';
import { Field } from '../../components/Field';
import { Problem } from '../../components/Problem';
import { amountOk, type BonusGranted, GRANT_REASON_MAX, grantBonus, grantProblem, newRequestId } from '../../grantsApi';
import { ConsoleError } from '../../transport';
import { Block } from './blocks';

type FieldName = 'amount' | 'reason';

// What the form may send, or which field to fix first (an i18n key under grants.form).
export function grantForm(amount: string, reason: string): { problems: Partial<Record<FieldName, string>> } | null {
  const problems: Partial<Record<FieldName, string>> = {};
  if (!amountOk(amount)) problems.amount = 'grants.form.amountInvalid';
  if (reason.trim().length < 2) problems.reason = 'grants.form.reasonShort';
  return Object.keys(problems).length > 0 ? { problems } : null;
}

export function BonusGrant({ username }: { username: string }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [requestId, setRequestId] = useState(newRequestId);
  const [shown, setShown] = useState<Partial<Record<FieldName, string>>>({});
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [answer, setAnswer] = useState<BonusGranted | null>(null);

  // Another grant from here on: a new request id.
  const edit = (field: FieldName, set: (value: string) => void) => (value: string) => {
    set(value);
    setShown((old) => ({ ...old, [field]: undefined }));
    setProblem(null);
    setAnswer(null);
    setRequestId(newRequestId());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const wrong = grantForm(amount, reason);
    if (wrong) {
      setShown(wrong.problems);
      return;
    }
    setBusy(true);
    setProblem(null);
    setAnswer(null);
    try {
      setAnswer(await grantBonus(username, amount.trim(), reason.trim(), requestId));
      setAmount('');
      setReason('');
      setRequestId(newRequestId());
    } catch (error) {
      if (isSessionProblem(error)) return;
      setProblem(grantProblem(t, error));
      // A refusal is an answer: the next try is another grant. Without one (the network, a server failure)
      // it may have gone through: the same id again.
      if (error instanceof ConsoleError && error.code !== 'NETWORK_ERROR' && error.status < 500) {
        setRequestId(newRequestId());
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Block id="cs-member-bonus" title={t('grants.form.title')}>
      <form className="cs-form cs-bonus-form" onSubmit={(event) => void submit(event)} noValidate aria-label={t('grants.form.title')}>
        <Field
          label={t('grants.form.amount')}
          hint={t('grants.form.amountHint')}
          value={amount}
          onValue={edit('amount', setAmount)}
          inputMode="decimal"
          autoComplete="off"
          maxLength={20}
          problem={shown.amount ? t(shown.amount) : null}
        />
        <Field
          label={t('grants.form.reason')}
          value={reason}
          onValue={edit('reason', setReason)}
          autoComplete="off"
          maxLength={GRANT_REASON_MAX}
          problem={shown.reason ? t(shown.reason) : null}
        />
        <Problem>{problem}</Problem>
        {answer && (
          <p className="cs-success" role="status" data-testid="bonus-outcome">
            {t(answer.status === 'PENDING' ? 'grants.form.waiting' : 'grants.form.paid', {
              amount: answer.amount,
              orderNo: answer.orderNo,
            })}
          </p>
        )}
        <div className="cs-actions">
          <button type="submit" className="cs-button primary" disabled={busy} aria-busy={busy || undefined}>
            {t('grants.form.submit')}
          </button>
        </div>
      </form>
    </Block>
  );
}
