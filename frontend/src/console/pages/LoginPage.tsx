// Staff sign-in on one form: username, password and, for an account with two-factor sign-in, the code from
// the authenticator app (or one of the recovery codes), sent together. The server answers every failure of
// the three alike, so that nothing tells a guesser the password was right; the form says so too. The captcha
// appears once the server asks for one (after a failed try) and stays for the following tries.
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { type FormEvent, useState } from 'react';
import { Navigate, useLocation } from 'react-router';

import { useTranslation } from '../../i18n/react';
import { login, type StaffLoginIn, wantsCaptcha } from '../api';
import { Captcha } from '../components/Captcha';
import { Field } from '../components/Field';
import { Frame } from '../components/Frame';
import { Problem } from '../components/Problem';
import { errorKey } from '../i18n';
import { meAtom, noticeAtom, tokenAtom } from '../store';
import { ConsoleError } from '../transport';

const CODE = /^\d{6}$/;

// Where a login goes: back to the page that sent the staff member here, if it was one of the console's.
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && from !== '/login' && from !== '/enrol' ? from : '/';
}

// A refused sign-in: a wrong username, password or code are one answer (the code's own is read the same).
function failureKey(code: string): string {
  return code === 'INVALID_CREDENTIALS' || code === 'OTP_INVALID' ? 'login.failed' : errorKey(code);
}

export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const [token, setToken] = useAtom(tokenAtom);
  const notice = useAtomValue(noticeAtom);
  const setNotice = useSetAtom(noticeAtom);
  const setMe = useSetAtom(meAtom);

  const [withRecovery, setWithRecovery] = useState(false);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [enrolNext, setEnrolNext] = useState(false);

  // Signed in: the enrolment screen first for a role that needs two-factor sign-in and has none yet.
  if (token) return <Navigate to={enrolNext ? '/enrol' : returnPath(location.state)} replace />;

  const check = (): string | null => {
    if (!username.trim() || !password) return 'login.required';
    // The code may be left empty (an account not yet enrolled); when typed, it is six digits.
    if (!withRecovery && code.trim() && !CODE.test(code.trim())) return 'login.codeFormat';
    if (withRecovery && !recoveryCode.trim()) return 'login.recoveryRequired';
    if (captchaShown && !captcha.trim()) return 'login.captchaRequired';
    return null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const wrong = check();
    setProblem(wrong);
    if (wrong) return;
    const body: StaffLoginIn = { username: username.trim(), password };
    if (withRecovery) body.recoveryCode = recoveryCode.trim();
    else if (code.trim()) body.otp = code.trim();
    if (captchaShown) body.captcha = captcha.trim();
    setBusy(true);
    try {
      const answer = await login(body);
      setNotice(null);
      setMe(null);
      setEnrolNext(answer.otpEnrolmentRequired);
      setToken(answer.token);
    } catch (error) {
      if (wantsCaptcha(error)) setCaptchaShown(true);
      // A captcha answer is single use, and so is a code: the next try needs new ones.
      setCaptcha('');
      setCaptchaKey((key) => key + 1);
      setCode('');
      setRecoveryCode('');
      setProblem(failureKey(error instanceof ConsoleError ? error.code : 'GENERIC'));
    } finally {
      setBusy(false);
    }
  };

  const switchSecondFactor = () => {
    setWithRecovery((value) => !value);
    setCode('');
    setRecoveryCode('');
    setProblem(null);
  };

  return (
    <Frame title={t('login.title')}>
      {notice && (
        <p className="cs-notice" role="status">
          {t(notice)}
        </p>
      )}
      <form className="cs-form" onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label={t('login.username')}
          value={username}
          onValue={setUsername}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          maxLength={64}
        />
        <Field
          label={t('login.password')}
          type="password"
          value={password}
          onValue={setPassword}
          autoComplete="current-password"
          maxLength={128}
        />
        {withRecovery ? (
          <Field
            key="recovery"
            label={t('login.recoveryCode')}
            hint={t('login.recoveryHint')}
            value={recoveryCode}
            onValue={setRecoveryCode}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={32}
          />
        ) : (
          <Field
            key="code"
            label={t('login.code')}
            hint={t('login.codeHint')}
            value={code}
            onValue={(value) => setCode(value.replace(/\D/g, '').slice(0, 6))}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className="cs-code-field"
          />
        )}
        <button type="button" className="cs-link" onClick={switchSecondFactor}>
          {withRecovery ? t('login.useCode') : t('login.useRecovery')}
        </button>
        {captchaShown && (
          <Field
            label={t('login.captcha')}
            value={captcha}
            onValue={setCaptcha}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={8}
            after={<Captcha refreshKey={captchaKey} />}
          />
        )}
        <Problem>{problem ? t(problem) : null}</Problem>
        <div className="cs-actions">
          <button type="submit" className="cs-button primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('login.busy') : t('login.submit')}
          </button>
        </div>
      </form>
    </Frame>
  );
}
