import { useSetAtom } from 'jotai';
import { type FormEvent, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { alertAtom } from '../../../state/alert';
import { errorText } from '../../../components/errorText';
import { FormField } from '../../../components/FormField';
import { solveChallenge } from '../../../lib/challenge';
import { accountApi } from '../api';
import { rememberedSmsLogin } from '../cookies';
import { useLogin } from '../useLogin';
import { mobileProblem, MobileNumberField } from './MobileNumberField';
import { SmsCodeButton } from './SmsCodeButton';

// Mobile number plus verification code (MOBILEVERCODELOGIN3).
export function SmsLoginForm() {
  const { t } = useTranslation();
  const remembered = rememberedSmsLogin();
  const [dialingCode, setDialingCode] = useState(remembered?.countryDialingCode ?? '');
  const [mobile, setMobile] = useState(remembered?.mobileNum ?? '');
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [mobileTouched, setMobileTouched] = useState(false);
  const setAlert = useSetAtom(alertAtom);
  const login = useLogin();
  const problems = { mobile: mobileProblem(mobile), code: code.trim() ? null : { key: 'account.errors.required' } };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (problems.mobile || problems.code) return;
    await login.withSms(dialingCode, mobile, code);
  };
  return (
    <form className="login-form" onSubmit={(e) => void submit(e)} noValidate>
      <MobileNumberField
        dialingCode={dialingCode}
        onDialingCode={setDialingCode}
        number={mobile}
        onNumber={setMobile}
        problem={submitted || mobileTouched ? problems.mobile : null}
      />
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
            send={async () => (await accountApi.sendLoginCode(dialingCode, mobile.trim(), await solveChallenge())).expiredMinutes}
            onError={(error) => setAlert({ message: errorText(t, error) })}
          />
        }
      />
      {login.error && (
        <p className="form-error" role="alert">
          {login.error}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button" disabled={login.busy}>
          {t('account.login')}
        </button>
      </div>
    </form>
  );
}
