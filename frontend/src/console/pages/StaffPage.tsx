// The merchant's staff accounts. With staff.manage: a form to open one, and per account its role, disabling
// or enabling it, and resetting its two-factor sign-in, each change's failure shown on its row. Without it
// the table is read-only.
import { useAtomValue, useSetAtom } from 'jotai';
import { type FormEvent, useCallback, useEffect, useState } from 'react';

import { useTranslation } from '../../i18n/react';
import { dateTime } from '../../lib/dates';
import { ConsoleError } from '../transport';
import {
  createStaff,
  invalidFields,
  isSessionProblem,
  listStaff,
  readMe,
  resetStaffOtp,
  setStaffDisabled,
  setStaffRole,
  type StaffOut,
} from '../api';
import { Field } from '../components/Field';
import { Problem } from '../components/Problem';
import { roleLabel } from '../components/Shell';
import { problemText } from '../i18n';
import { can, type Role, ROLES, STAFF_MANAGE } from '../permissions';
import { meAtom } from '../store';
import '../styles/staff.css';

const USERNAME = /^[A-Za-z0-9_]{3,32}$/;
const PASSWORD_MIN = 10;
const NICKNAME_MAX = 64;

type NewStaffField = 'username' | 'nickname' | 'password' | 'role';

export interface NewStaff {
  username: string;
  nickname: string;
  password: string;
  role: Role;
}

const EMPTY: NewStaff = { username: '', nickname: '', password: '', role: 'SUPPORT' };

// What the form can tell before sending: field -> i18n key.
export function newStaffProblems(form: NewStaff): Partial<Record<NewStaffField, string>> {
  const problems: Partial<Record<NewStaffField, string>> = {};
  if (!USERNAME.test(form.username.trim())) problems.username = 'staff.invalid.username';
  if (form.password.length < PASSWORD_MIN) problems.password = 'staff.invalid.password';
  if (form.nickname.trim().length > NICKNAME_MAX) problems.nickname = 'staff.invalid.nickname';
  return problems;
}

function CreateStaff({ onCreated }: { onCreated: (staff: StaffOut) => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<NewStaff>(EMPTY);
  const [shown, setShown] = useState<Partial<Record<NewStaffField, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const edit = (field: NewStaffField) => (value: string) => {
    setForm((old) => ({ ...old, [field]: value }));
    setShown((old) => ({ ...old, [field]: undefined }));
    setCreated(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problems = newStaffProblems(form);
    setShown(problems);
    setProblem(null);
    setCreated(null);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      const nickname = form.nickname.trim();
      const staff = await createStaff({
        username: form.username.trim(),
        password: form.password,
        role: form.role,
        nickname: nickname || null,
      });
      onCreated(staff);
      setForm(EMPTY);
      setCreated(staff.username);
    } catch (error) {
      if (isSessionProblem(error)) return;
      const code = error instanceof ConsoleError ? error.code : '';
      const fields = invalidFields(error).filter((name): name is NewStaffField =>
        ['username', 'nickname', 'password', 'role'].includes(name),
      );
      if (code === 'USERNAME_TAKEN') setShown({ username: 'errors.USERNAME_TAKEN' });
      else if (fields.length > 0) setShown(Object.fromEntries(fields.map((name) => [name, `staff.invalid.${name}`])));
      else setProblem(problemText(t, error));
    } finally {
      setBusy(false);
    }
  };

  const fieldProblem = (field: NewStaffField) => (shown[field] ? t(shown[field]) : null);

  return (
    <form className="cs-panel cs-create" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="cs-create-title">
      <h2 id="cs-create-title">{t('staff.create.title')}</h2>
      <div className="cs-create-fields">
        <Field
          label={t('staff.create.username')}
          hint={t('staff.create.usernameHint')}
          value={form.username}
          onValue={edit('username')}
          problem={fieldProblem('username')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={32}
        />
        <Field
          label={t('staff.create.nickname')}
          value={form.nickname}
          onValue={edit('nickname')}
          problem={fieldProblem('nickname')}
          autoComplete="off"
          maxLength={NICKNAME_MAX}
        />
        <Field
          label={t('staff.create.password')}
          hint={t('staff.create.passwordHint')}
          type="password"
          value={form.password}
          onValue={edit('password')}
          problem={fieldProblem('password')}
          autoComplete="new-password"
          maxLength={128}
        />
        <div className="cs-field">
          <label htmlFor="cs-create-role">{t('staff.create.role')}</label>
          <select id="cs-create-role" value={form.role} onChange={(event) => edit('role')(event.target.value)}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {roleLabel(t, role)}
              </option>
            ))}
          </select>
          {shown.role && <p className="cs-field-problem">{t(shown.role)}</p>}
        </div>
      </div>
      <Problem>{problem}</Problem>
      {created && (
        <p className="cs-success" role="status">
          {t('staff.create.created', { username: created })}
        </p>
      )}
      <div className="cs-actions">
        <button type="submit" className="cs-button primary" disabled={busy} aria-busy={busy || undefined}>
          {t('staff.create.submit')}
        </button>
      </div>
    </form>
  );
}

type Confirming = 'disable' | 'reset' | null;

function StaffRow({
  staff,
  manage,
  self,
  onChanged,
}: {
  staff: StaffOut;
  manage: boolean;
  self: boolean;
  onChanged: (staff: StaffOut) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);

  const act = async (work: () => Promise<StaffOut>) => {
    setBusy(true);
    setProblem(null);
    setConfirming(null);
    try {
      onChanged(await work());
    } catch (error) {
      if (!isSessionProblem(error)) setProblem(problemText(t, error));
    } finally {
      setBusy(false);
    }
  };

  const name = staff.username;
  return (
    <tr className={staff.disabled ? 'is-disabled' : undefined} data-username={name}>
      <td data-label={t('staff.columns.username')}>
        <span className="cs-username">{name}</span>
        {self && <span className="cs-you">{t('staff.you')}</span>}
      </td>
      <td data-label={t('staff.columns.nickname')}>{staff.nickname || '—'}</td>
      <td data-label={t('staff.columns.role')}>
        {manage ? (
          <select
            aria-label={t('staff.roleOf', { username: name })}
            value={staff.role}
            disabled={busy}
            onChange={(event) => void act(() => setStaffRole(staff.id, event.target.value as Role))}
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {roleLabel(t, role)}
              </option>
            ))}
          </select>
        ) : (
          roleLabel(t, staff.role)
        )}
      </td>
      <td data-label={t('staff.columns.status')}>
        <span className={staff.disabled ? 'cs-badge off' : 'cs-badge on'}>
          {staff.disabled ? t('staff.disabled') : t('staff.active')}
        </span>
      </td>
      <td data-label={t('staff.columns.otp')}>
        <span className={staff.otpEnabled ? 'cs-badge on' : 'cs-badge off'}>
          {staff.otpEnabled ? t('staff.otpOn') : t('staff.otpOff')}
        </span>
      </td>
      <td data-label={t('staff.columns.created')} className="cs-time">
        {dateTime(staff.createdAt)}
      </td>
      {manage && (
        <td data-label={t('staff.columns.actions')} className="cs-row-actions">
          {confirming ? (
            <span className="cs-confirm">
              <span>
                {confirming === 'disable'
                  ? t('staff.confirmDisable', { username: name })
                  : t('staff.confirmReset', { username: name })}
              </span>
              <button
                type="button"
                className="cs-button danger small"
                disabled={busy}
                onClick={() =>
                  void act(() =>
                    confirming === 'disable' ? setStaffDisabled(staff.id, true) : resetStaffOtp(staff.id),
                  )
                }
              >
                {t('staff.confirm')}
              </button>
              <button type="button" className="cs-button secondary small" onClick={() => setConfirming(null)}>
                {t('staff.cancel')}
              </button>
            </span>
          ) : (
            <span className="cs-buttons">
              {staff.disabled ? (
                <button
                  type="button"
                  className="cs-button secondary small"
                  disabled={busy}
                  onClick={() => void act(() => setStaffDisabled(staff.id, false))}
                >
                  {t('staff.enable')}
                </button>
              ) : (
                <button
                  type="button"
                  className="cs-button secondary small"
                  disabled={busy}
                  onClick={() => setConfirming('disable')}
                >
                  {t('staff.disable')}
                </button>
              )}
              <button
                type="button"
                className="cs-button secondary small"
                disabled={busy || !staff.otpEnabled}
                title={staff.otpEnabled ? undefined : t('staff.resetOtpOff')}
                onClick={() => setConfirming('reset')}
              >
                {t('staff.resetOtp')}
              </button>
            </span>
          )}
          <Problem>{problem}</Problem>
        </td>
      )}
    </tr>
  );
}

export function StaffPage() {
  const { t } = useTranslation();
  const me = useAtomValue(meAtom);
  const setMe = useSetAtom(meAtom);
  const manage = can(me?.permissions, STAFF_MANAGE);
  const [rows, setRows] = useState<StaffOut[] | null>(null);
  const [problem, setProblem] = useState<unknown>(null);

  const load = useCallback(() => {
    setProblem(null);
    listStaff().then(setRows, (error: unknown) => {
      if (!isSessionProblem(error)) setProblem(error);
    });
  }, []);
  useEffect(load, [load]);

  const changed = (staff: StaffOut) => {
    setRows((old) => (old ? old.map((row) => (row.id === staff.id ? staff : row)) : old));
    // A change to one's own account may change what the console offers (a new role).
    if (staff.username === me?.username) {
      readMe().then(setMe, () => undefined);
    }
  };

  return (
    <section className="cs-page" aria-labelledby="cs-staff-title">
      <h1 id="cs-staff-title">{t('staff.title')}</h1>
      {!manage && <p className="cs-muted">{t('staff.readOnly')}</p>}
      {manage && <CreateStaff onCreated={(staff) => setRows((old) => (old ? [...old, staff] : [staff]))} />}
      {problem !== null ? (
        <div className="cs-panel">
          <Problem>{problemText(t, problem)}</Problem>
          <button type="button" className="cs-button secondary" onClick={load}>
            {t('app.retry')}
          </button>
        </div>
      ) : rows === null ? (
        <p className="cs-muted" role="status">
          {t('app.loading')}
        </p>
      ) : (
        <div className="cs-table-wrap">
          <table className="cs-table cs-staff-table">
            <caption className="visually-hidden">{t('staff.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('staff.columns.username')}</th>
                <th scope="col">{t('staff.columns.nickname')}</th>
                <th scope="col">{t('staff.columns.role')}</th>
                <th scope="col">{t('staff.columns.status')}</th>
                <th scope="col">{t('staff.columns.otp')}</th>
                <th scope="col">{t('staff.columns.created')}</th>
                {manage && <th scope="col">{t('staff.columns.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={manage ? 7 : 6} className="cs-muted">
                    {t('staff.empty')}
                  </td>
                </tr>
              ) : (
                rows.map((staff) => (
                  <StaffRow
                    key={staff.id}
                    staff={staff}
                    manage={manage}
                    self={staff.username === me?.username}
                    onChanged={changed}
                  />
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
