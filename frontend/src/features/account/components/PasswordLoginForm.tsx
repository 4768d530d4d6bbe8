import { type FormEvent, lazy, Suspense, useState } from 'react';

import { FormField } from '../../../components/FormField';
import { useTranslation } from '../../../i18n/react';
import type { FieldProblem } from '../../../lib/formFields';
import { rememberedLogin } from '../cookies';
import { useLogin } from '../useLogin';

// The captcha shows only once the server asks for one (after failed logins): the header's form on the first
// page comes without it, and it loads then, in the space its placeholder holds.
const CaptchaImage = lazy(() =>
  import('../../../components/CaptchaImage').then((module) => ({ default: module.CaptchaImage })),
);
const captchaPending = (
  <span className="captcha">
    <span className="captcha-image captcha-placeholder" aria-hidden="true" />
  </span>
);

const REQUIRED: FieldProblem = { key: 'account.errors.required' };

type Field = 'username' | 'password' | 'captcha';

// Username and password, remember-me, and the captcha once the server asks for it (SPEC §2.6, §5).
// A field's message shows once the player has edited or left it, or tried to submit; emptying the
// password and captcha after a failed login is the form's doing, not the player's, and shows none.
export function PasswordLoginForm({ compact = false, onForgot }: { compact?: boolean; onForgot?: () => void }) {
  const { t } = useTranslation();
  const remembered = rememberedLogin();
  const [username, setUsername] = useState(remembered.username);
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [remember, setRemember] = useState(remembered.remember);
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const login = useLogin();
  const touch = (field: Field) => setTouched((s) => (s.has(field) ? s : new Set(s).add(field)));
  const edit = (field: Field, set: (value: string) => void) => (value: string) => {
    set(value);
    touch(field);
  };
  const problems = {
    username: username.trim() ? null : REQUIRED,
    password: password ? null : REQUIRED,
    captcha: !login.captchaShown || captcha.trim() ? null : { key: 'account.errors.captchaRequired' },
  };
  const shown = (field: Field) => (submitted || touched.has(field) ? problems[field] : null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.values(problems).some(Boolean)) return;
    const ok = await login.withPassword(username, password, captcha, remember);
    if (!ok) {
      setCaptcha('');
      setPassword('');
      // A fresh start for what the form just emptied: no "cannot be empty" until the player acts again.
      setSubmitted(false);
      setTouched((s) => new Set([...s].filter((field) => field === 'username')));
    }
  };
  return (
    <form className={compact ? 'login-form compact' : 'login-form'} onSubmit={(e) => void submit(e)} noValidate>
      <FormField
        label={t('account.fields.username')}
        value={username}
        onValue={edit('username', setUsername)}
        onBlur={() => touch('username')}
        autoComplete="username"
        placeholder={compact ? t('account.fields.username') : undefined}
        problem={shown('username')}
      />
      <FormField
        label={t('account.fields.password')}
        type="password"
        value={password}
        onValue={edit('password', setPassword)}
        onBlur={() => touch('password')}
        autoComplete="current-password"
        placeholder={compact ? t('account.fields.password') : undefined}
        problem={shown('password')}
      />
      {login.captchaShown && (
        <FormField
          label={t('account.fields.captcha')}
          value={captcha}
          onValue={edit('captcha', setCaptcha)}
          onBlur={() => touch('captcha')}
          autoComplete="off"
          inputMode="text"
          placeholder={compact ? t('account.fields.captcha') : undefined}
          problem={shown('captcha')}
          after={
            <Suspense fallback={captchaPending}>
              <CaptchaImage refreshKey={login.captchaKey} />
            </Suspense>
          }
        />
      )}
      <label className="checkbox">
        <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
        {t('account.rememberMe')}
      </label>
      {login.error && (
        <p className="form-error" role="alert">
          {login.error}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button" disabled={login.busy}>
          {t('account.login')}
        </button>
        {onForgot && (
          <button type="button" className="link-button" onClick={onForgot}>
            {t('account.forgotPassword')}
          </button>
        )}
      </div>
    </form>
  );
}
