import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';

import { useTranslation } from '../../../i18n/react';
import { alertAtom } from '../../../state/alert';
import { errorText } from '../../../components/errorText';
import { FormField } from '../../../components/FormField';
import { Modal } from '../../../components/Modal';
import { solveChallenge } from '../../../lib/challenge';
import { accountModalAtom } from '../../../state/account';
import { accountApi } from '../api';
import { signIn } from '../session';
import { registerRulesAtom, switchesAtom } from '../switches';
import { checkField, ruleFor } from '../validation';
import { mobileProblem, MobileNumberField } from './MobileNumberField';
import { SmsCodeButton } from './SmsCodeButton';

const REQUIRED = { key: 'account.errors.required' };

function EmailTab({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const setAlert = useSetAtom(alertAtom);
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problems = {
    username: username.trim() ? null : REQUIRED,
    email: /^\S+@\S+\.\S+$/.test(email.trim()) ? null : { key: 'account.errors.emailInvalid' },
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (problems.username || problems.email) return;
    try {
      await accountApi.forgotByEmail(username.trim(), email.trim(), await solveChallenge());
      onDone();
      setAlert({ message: t('account.forgot.emailSent') });
    } catch (problem) {
      setError(errorText(t, problem));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <FormField label={t('account.fields.username')} value={username} onValue={setUsername} autoComplete="username"
        problem={submitted ? problems.username : null} />
      <FormField label={t('account.fields.email')} type="email" value={email} onValue={setEmail} autoComplete="email"
        problem={submitted ? problems.email : null} />
      {error && <p className="form-error" role="alert">{error}</p>}
      <div className="form-actions">
        <button type="submit" className="button">{t('common.submit')}</button>
      </div>
    </form>
  );
}

function MobileTab({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setAlert = useSetAtom(alertAtom);
  const rule = ruleFor(useAtomValue(registerRulesAtom), 'password');
  const [dialingCode, setDialingCode] = useState('');
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [mobileTouched, setMobileTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problems = {
    mobile: mobileProblem(mobile),
    code: code.trim() ? null : REQUIRED,
    password: rule ? checkField(rule, password, true) : password ? null : REQUIRED,
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (problems.mobile || problems.code || problems.password) return;
    try {
      const answer = await accountApi.resetByPhone({
        countryDialingCode: dialingCode,
        mobileNum: mobile.trim(),
        verificationCode: code.trim(),
        newPassword: password,
      });
      // SPEC §4: then log in with the new password (after a challenge), close, go home.
      const session = await accountApi.login({
        type: 'username',
        username: answer.account,
        password,
        challenge: await solveChallenge(),
      });
      await signIn(session, password);
      onDone();
      navigate('/');
    } catch (problem) {
      setError(errorText(t, problem));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <MobileNumberField dialingCode={dialingCode} onDialingCode={setDialingCode} number={mobile} onNumber={setMobile}
        problem={submitted || mobileTouched ? problems.mobile : null} />
      <FormField
        label={t('account.fields.verificationCode')}
        value={code}
        onValue={setCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        problem={submitted ? problems.code : null}
        after={
          <SmsCodeButton
            ready={() => {
              setMobileTouched(true);
              return !problems.mobile;
            }}
            send={async () => (await accountApi.sendForgotCode(dialingCode, mobile.trim(), await solveChallenge())).expiredMinutes}
            onError={(problem) => setAlert({ message: errorText(t, problem) })}
          />
        }
      />
      <FormField label={t('account.fields.newPassword')} type="password" value={password} onValue={setPassword}
        autoComplete="new-password" problem={submitted ? problems.password : null} />
      {error && <p className="form-error" role="alert">{error}</p>}
      <div className="form-actions">
        <button type="submit" className="button">{t('common.submit')}</button>
      </div>
    </form>
  );
}

// forgetPassModal (SPEC §2.6): e-mail, and mobile when CHNGPASSVERIF3 is on.
export function ForgotPasswordModal() {
  const { t } = useTranslation();
  const [modal, setModal] = useAtom(accountModalAtom);
  const mobileOffered = useAtomValue(switchesAtom).get('CHNGPASSVERIF3') === true;
  const [tab, setTab] = useState<'email' | 'mobile'>('email');
  const current = mobileOffered ? tab : 'email';
  const close = () => setModal(null);
  return (
    <Modal open={modal === 'forgot'} title={t('account.forgot.title')} onClose={close} testId="forgot-modal">
      {mobileOffered && (
        <div className="tabs" role="tablist">
          {(['email', 'mobile'] as const).map((name) => (
            <button key={name} type="button" role="tab" aria-selected={current === name}
              className={current === name ? 'tab active' : 'tab'} onClick={() => setTab(name)}>
              {t(`account.forgot.${name}Tab`)}
            </button>
          ))}
        </div>
      )}
      {current === 'email' ? <EmailTab onDone={close} /> : <MobileTab onDone={close} />}
    </Modal>
  );
}
