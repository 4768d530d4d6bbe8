import { useAtomValue } from 'jotai';
import { type FormEvent, useId, useState } from 'react';

import { errorText } from '../../../components/errorText';
import { FormField } from '../../../components/FormField';
import { useTranslation } from '../../../i18n/react';
import type { FieldProblem } from '../../../lib/formFields';
import { agentTypeAtom } from '../../../state/agentCentre';
import { agentApi, PLAYER_TYPE, type TeamMember } from '../api';
import { fieldProblems } from '../fields';

type Field = 'username' | 'password' | 'confirmPassword' | 'nickname';
const EMPTY: Record<Field, string> = { username: '', password: '', confirmPassword: '', nickname: '' };
const REQUIRED: FieldProblem = { key: 'account.errors.required' };

// Only what spares an obvious round trip: the lengths and the brand's own rules are the server's to check.
function localProblems(values: Record<Field, string>): Partial<Record<Field, FieldProblem>> {
  const found: Partial<Record<Field, FieldProblem>> = {};
  if (!values.username.trim()) found.username = REQUIRED;
  if (!values.password) found.password = REQUIRED;
  if (!values.confirmPassword) found.confirmPassword = REQUIRED;
  else if (values.confirmPassword !== values.password) found.confirmPassword = { key: 'account.errors.inconsistentTwice' };
  return found;
}

// agentRegister: a player, or a sub-agent of the agent's own type, directly below the agent.
export function RegisterAccountPage() {
  const { t } = useTranslation();
  const agentType = useAtomValue(agentTypeAtom);
  const typeId = useId();
  const [values, setValues] = useState(EMPTY);
  const [type, setType] = useState(PLAYER_TYPE);
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Record<string, FieldProblem>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<TeamMember | null>(null);
  const local = localProblems(values);
  const problem = (field: string): FieldProblem | null =>
    server[field] ?? (submitted ? (local[field as Field] ?? null) : null);
  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServer(({ [field]: _, ...rest }) => rest);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setError(null);
    if (Object.keys(local).length || busy) return;
    setBusy(true);
    try {
      const nickname = values.nickname.trim();
      setCreated(await agentApi.register({ username: values.username.trim(), password: values.password, type, nickname: nickname || undefined }));
      setValues(EMPTY);
      setType(PLAYER_TYPE);
      setSubmitted(false);
    } catch (failure) {
      const fields = fieldProblems(failure);
      if (fields) setServer(fields);
      else setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  };
  if (created) {
    return (
      <div className="ac-page" role="status" data-testid="agent-registered">
        <p className="notice">{t('agentCentre.register.done', { username: created.username })}</p>
        <p>{t('agentCentre.register.firstLogin')}</p>
        <button type="button" className="button" onClick={() => setCreated(null)}>
          {t('agentCentre.register.another')}
        </button>
      </div>
    );
  }
  const typeProblem = problem('type');
  const field = (name: Field, label: string, extra: { type?: string; autoComplete: string }) => (
    <FormField label={label} value={values[name]} onValue={set(name)} problem={problem(name)} {...extra} />
  );
  return (
    <form className="mc-form ac-page" onSubmit={(e) => void submit(e)} noValidate data-testid="agent-register">
      {field('username', t('account.fields.username'), { autoComplete: 'off' })}
      {field('password', t('account.fields.password'), { type: 'password', autoComplete: 'new-password' })}
      {field('confirmPassword', t('account.fields.confirmPassword'), { type: 'password', autoComplete: 'new-password' })}
      <div className={typeProblem ? 'form-field has-error' : 'form-field'}>
        <label htmlFor={typeId}>{t('agentCentre.register.type')}</label>
        <select id={typeId} value={type} onChange={(e) => setType(Number(e.target.value))}>
          <option value={PLAYER_TYPE}>{t('agentCentre.types.player')}</option>
          {agentType !== null && <option value={agentType}>{t('agentCentre.types.subAgent')}</option>}
        </select>
        {typeProblem && <p className="form-error" role="alert">{t(typeProblem.key)}</p>}
      </div>
      {field('nickname', t('agentCentre.register.nickname'), { autoComplete: 'off' })}
      <p className="form-hint">{t('agentCentre.register.firstLogin')}</p>
      {error && <p className="form-error" role="alert">{error}</p>}
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {t('agentCentre.register.submit')}
        </button>
      </div>
    </form>
  );
}
