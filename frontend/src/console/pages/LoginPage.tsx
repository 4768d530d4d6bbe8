// Staff sign-in: username and password; then, for an account with two-factor sign-in, the code from the
// authenticator app (or one of the recovery codes) sent again with the same username and password. The
// captcha appears once the server asks for one (after a failed try) and stays for the following tries.
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

type Step = 'password' | 'code';

const CODE = /^\d{6}$/;

// Where a login goes: back to the page that sent the staff member here, if it was one of the console's.
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && from !== '/login' && from !== '/enrol' ? from : '/';
}

export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const [token, setToken] = useAtom(tokenAtom);
  const notice = useAtomValue(noticeAtom);
  const setNotice = useSetAtom(noticeAtom);
  const setMe = useSetAtom(meAtom);

  const [step, setStep] = useState<Step>('password');
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
    if (step === 'password' && (!username.trim() || !password)) return 'login.required';
    if (step === 'code' && !withRecovery && !CODE.test(code.trim())) return 'login.codeFormat';
    if (step === 'code' && withRecovery && !recoveryCode.trim()) return 'login.recoveryRequired';
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
    if (captchaShown) body.captcha = captcha.trim();
    if (step === 'code') {
      if (withRecovery) body.recoveryCode = recoveryCode.trim();
      else body.otp = code.trim();
    }
    setBusy(true);
    try {
      const answer = await login(body);
      setNotice(null);
      setMe(null);
      setEnrolNext(answer.otpEnrolmentRequired);
      setToken(answer.token);
    } catch (error) {
      // A captcha answer is single use: after any failed try the next one needs a new image.
      if (wantsCaptcha(error)) setCaptchaShown(true);
      setCaptcha('');
      setCaptchaKey((key) => key + 1);
      const failure = error instanceof ConsoleError ? error.code : 'GENERIC';
      if (failure === 'OTP_REQUIRED') {
        setStep('code');
        setProblem(null);
      } else {
        if (failure === 'OTP_INVALID') {
          setCode('');
          setRecoveryCode('');
        }
        setProblem(errorKey(failure));
      }
    } finally {
      setBusy(false);
    }
  };

  const backToPassword = () => {
    setStep('password');
    setWithRecovery(false);
    setPassword('');
    setCode('');
    setRecoveryCode('');
    setProblem(null);
  };

  const switchSecondFactor = () => {
    setWithRecovery((value) => !value);
    setCode('');
    setRecoveryCode('');
    setProblem(null);
  };

  return (
    <Frame title={step === 'password' ? t('login.title') : t('login.codeTitle')}>
      {notice && (
        <p className="cs-notice" role="status">
          {t(notice)}
        </p>
      )}
      <form className="cs-form" onSubmit={(event) => void submit(event)} noValidate>
        {step === 'password' ? (
          <>
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
          </>
        ) : (
          <>
            <p className="cs-lead">{t('login.signingInAs', { username: username.trim() })}</p>
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
                autoFocus
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
                autoFocus
                maxLength={6}
                className="cs-code-field"
              />
            )}
            <button type="button" className="cs-link" onClick={switchSecondFactor}>
              {withRecovery ? t('login.useCode') : t('login.useRecovery')}
            </button>
          </>
        )}
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
          {step === 'code' && (
            <button type="button" className="cs-button secondary" onClick={backToPassword} disabled={busy}>
              {t('login.back')}
            </button>
          )}
          <button type="submit" className="cs-button primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('login.busy') : step === 'password' ? t('login.submit') : t('login.verify')}
          </button>
        </div>
      </form>
    </Frame>
  );
}
