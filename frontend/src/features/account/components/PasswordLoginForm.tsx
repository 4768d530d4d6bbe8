import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { CaptchaImage } from '../../security/CaptchaImage';
import { rememberedLogin } from '../cookies';
import { useLogin } from '../useLogin';
import type { FieldProblem } from '../validation';
import { FormField } from './FormField';

const REQUIRED: FieldProblem = { key: 'account.errors.required' };

// Username and password, remember-me, and the captcha once the server asks for it (SPEC §2.6, §5).
export function PasswordLoginForm({ compact = false, onForgot }: { compact?: boolean; onForgot?: () => void }) {
  const { t } = useTranslation();
  const remembered = rememberedLogin();
  const [username, setUsername] = useState(remembered.username);
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [remember, setRemember] = useState(remembered.remember);
  const [submitted, setSubmitted] = useState(false);
  const login = useLogin();
  const problems = {
    username: username.trim() ? null : REQUIRED,
    password: password ? null : REQUIRED,
    captcha: !login.captchaShown || captcha.trim() ? null : { key: 'account.errors.captchaRequired' },
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.values(problems).some(Boolean)) return;
    const ok = await login.withPassword(username, password, captcha, remember);
    if (!ok) {
      setCaptcha('');
      setPassword('');
    }
  };
  return (
    <form className={compact ? 'login-form compact' : 'login-form'} onSubmit={(e) => void submit(e)} noValidate>
      <FormField
        label={t('account.fields.username')}
        value={username}
        onValue={setUsername}
        autoComplete="username"
        placeholder={compact ? t('account.fields.username') : undefined}
        problem={submitted ? problems.username : null}
      />
      <FormField
        label={t('account.fields.password')}
        type="password"
        value={password}
        onValue={setPassword}
        autoComplete="current-password"
        placeholder={compact ? t('account.fields.password') : undefined}
        problem={submitted ? problems.password : null}
      />
      {login.captchaShown && (
        <FormField
          label={t('account.fields.captcha')}
          value={captcha}
          onValue={setCaptcha}
          autoComplete="off"
          inputMode="text"
          placeholder={compact ? t('account.fields.captcha') : undefined}
          problem={submitted ? problems.captcha : null}
          after={<CaptchaImage refreshKey={login.captchaKey} />}
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
