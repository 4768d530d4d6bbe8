// Two-factor enrolment, the only screen of a login whose role needs a second factor it has not set up: the
// QR code and the secret for the authenticator app, a first code from it, then the recovery codes, once.
import { useAtomValue, useSetAtom } from 'jotai';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';

import { useTranslation } from '../../i18n/react';
import { confirmEnrolment, type Enrolment, startEnrolment } from '../api';
import { Field } from '../components/Field';
import { Frame } from '../components/Frame';
import { useLogOut } from '../components/Shell';
import { Problem } from '../components/Problem';
import { problemText } from '../i18n';
import { meAtom } from '../store';

const CODE = /^\d{6}$/;

// The secret in groups of four, easier to type; the app ignores the spaces.
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

export function EnrolPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useAtomValue(meAtom);
  const setMe = useSetAtom(meAtom);
  const logOut = useLogOut();
  const pending = me?.otpEnrolmentRequired ?? false;

  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [startProblem, setStartProblem] = useState<unknown>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  // Asking again replaces the secret: one request per visit (React's development double effects included).
  const asked = useRef(false);
  const start = useCallback(() => {
    setStartProblem(null);
    setEnrolment(null);
    setCode('');
    setProblem(null);
    startEnrolment().then(setEnrolment, setStartProblem);
  }, []);
  useEffect(() => {
    if (!pending || asked.current) return;
    asked.current = true;
    start();
  }, [pending, start]);

  if (!pending && !recoveryCodes) return <Navigate to="/" replace />;

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!CODE.test(code)) {
      setProblem(t('login.codeFormat'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      setRecoveryCodes((await confirmEnrolment(code)).recoveryCodes);
    } catch (error) {
      setCode('');
      setProblem(problemText(t, error));
    } finally {
      setBusy(false);
    }
  };

  const done = () => {
    setMe(null); // read again: two-factor sign-in is on now, and the console opens
    navigate('/', { replace: true });
  };

  const logOutButton = (
    <button type="button" className="cs-button secondary small" onClick={logOut}>
      {t('shell.logout')}
    </button>
  );

  if (recoveryCodes) {
    return (
      <Frame title={t('enrol.codesTitle')} aside={logOutButton}>
        <p>{t('enrol.codesIntro')}</p>
        <ol className="cs-recovery-codes" data-testid="recovery-codes">
          {recoveryCodes.map((recovery) => (
            <li key={recovery}>
              <code>{recovery}</code>
            </li>
          ))}
        </ol>
        <div className="cs-actions">
          <button type="button" className="cs-button primary" onClick={done}>
            {t('enrol.saved')}
          </button>
        </div>
      </Frame>
    );
  }

  return (
    <Frame title={t('enrol.title')} aside={logOutButton}>
      <p className="cs-lead">{t('enrol.intro')}</p>
      {startProblem !== null ? (
        <>
          <Problem>{problemText(t, startProblem)}</Problem>
          <div className="cs-actions">
            <button type="button" className="cs-button secondary" onClick={start}>
              {t('app.retry')}
            </button>
          </div>
        </>
      ) : !enrolment ? (
        <p className="cs-muted" role="status">
          {t('app.loading')}
        </p>
      ) : (
        <>
          <ol className="cs-steps">
            <li>
              <p>{t('enrol.scan')}</p>
              <img className="cs-qr" src={enrolment.qrSvg} alt={t('enrol.qrAlt')} width={200} height={200} />
            </li>
            <li>
              <p>{t('enrol.secret')}</p>
              <code className="cs-secret" data-testid="otp-secret" data-secret={enrolment.secret}>
                {groupSecret(enrolment.secret)}
              </code>
            </li>
            <li>
              <form className="cs-form" onSubmit={(event) => void confirm(event)} noValidate>
                <Field
                  label={t('enrol.code')}
                  value={code}
                  onValue={(value) => setCode(value.replace(/\D/g, '').slice(0, 6))}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  className="cs-code-field"
                />
                <Problem>{problem}</Problem>
                <div className="cs-actions">
                  <button type="submit" className="cs-button primary" disabled={busy} aria-busy={busy || undefined}>
                    {t('enrol.confirm')}
                  </button>
                </div>
              </form>
            </li>
          </ol>
        </>
      )}
    </Frame>
  );
}
