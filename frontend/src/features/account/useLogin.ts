import { useState } from 'react';

import { ApiError } from '../../api/client';
import { errorText } from '../../components/errorText';
import { useTranslation } from '../../i18n/react';

function wantsCaptcha(error: unknown): boolean {
  return error instanceof ApiError && (error.value as { captcha?: boolean } | null)?.captcha === true;
}

// Shared by the header form and the login modal: the captcha appears after a failure that asks for it.
// The login itself (login.ts, with the proof of work and its hashing code) is only needed once the player
// submits: the header's login form is on the first page, the code that sends it is not.
const loadLogin = () => import('./login');

export function useLogin() {
  const { t } = useTranslation();
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // `typed`: the name and password of a password login, which an excluded member may still withdraw with.
  const fail = (problem: unknown, typed: { username: string; password: string } | null = null) => {
    if (wantsCaptcha(problem)) setCaptchaShown(true);
    setCaptchaKey((key) => key + 1); // a captcha is single use: show a fresh one after any failure
    setError(errorText(t, problem));
    // A time-out, self-exclusion or closed account (issue 34): the notice says what and until when (its state
    // comes with the refusal: no login that succeeds loads it).
    if (problem instanceof ApiError && problem.code === 'SELF_EXCLUDED') {
      void import('../../state/excluded').then(({ showExcluded }) => showExcluded(problem, typed));
    }
  };

  const withPassword = async (username: string, password: string, captcha: string, remember: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const { loginWithPassword } = await loadLogin();
      await loginWithPassword(username.trim(), password, captchaShown ? captcha.trim() : undefined, remember);
      return true;
    } catch (problem) {
      fail(problem, { username: username.trim(), password });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const withSms = async (countryDialingCode: string, mobileNum: string, verificationCode: string) => {
    setBusy(true);
    setError(null);
    try {
      const { loginWithSms } = await loadLogin();
      await loginWithSms(countryDialingCode, mobileNum.trim(), verificationCode.trim());
      return true;
    } catch (problem) {
      fail(problem);
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { withPassword, withSms, captchaShown, captchaKey, error, setError, busy };
}
