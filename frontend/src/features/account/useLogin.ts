import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '../../api/client';
import { errorText } from '../../components/errorText';
import { accountApi } from './api';
import { saveRememberedLogin, saveSmsLogin } from './cookies';
import { signIn } from './session';

function wantsCaptcha(error: unknown): boolean {
  return error instanceof ApiError && (error.value as { captcha?: boolean } | null)?.captcha === true;
}

// Shared by the header form and the login modal: the captcha appears after a failure that asks for it.
// The proof of work (and its hashing code) is only needed once the player submits: the header's login form
// is on the first page, its solver is not.
async function solveLoginChallenge() {
  const { solveChallenge } = await import('../../lib/challenge');
  return solveChallenge();
}

export function useLogin() {
  const { t } = useTranslation();
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (problem: unknown) => {
    if (wantsCaptcha(problem)) setCaptchaShown(true);
    setCaptchaKey((key) => key + 1); // a captcha is single use: show a fresh one after any failure
    setError(errorText(t, problem));
  };

  const withPassword = async (username: string, password: string, captcha: string, remember: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await accountApi.login({
        type: 'username',
        username: username.trim(),
        password,
        captcha: captchaShown ? captcha.trim() : undefined,
        challenge: await solveLoginChallenge(),
      });
      saveRememberedLogin(username.trim(), remember);
      await signIn(answer, password);
      return true;
    } catch (problem) {
      fail(problem);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const withSms = async (countryDialingCode: string, mobileNum: string, verificationCode: string) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await accountApi.login({
        type: 'sms',
        countryDialingCode,
        mobileNum: mobileNum.trim(),
        verificationCode: verificationCode.trim(),
      });
      saveSmsLogin(mobileNum.trim(), countryDialingCode);
      await signIn(answer, null, true);
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
