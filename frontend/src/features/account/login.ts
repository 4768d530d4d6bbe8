// Logging in (SPEC §4): the calls and what follows them. Loaded when a player first sends a login form or
// asks for free play: the header's login form is on the first page, this module and the proof of work it
// solves (lib/challenge) are not.
import { solveChallenge } from '../../lib/challenge';
import { accountModalAtom } from '../../state/account';
import { store } from '../../state/store';
import { accountApi } from './api';
import { cpwAtom } from './atoms';
import { saveRememberedLogin, saveSmsLogin } from './cookies';
import { signIn } from './session';

export async function loginWithPassword(
  username: string,
  password: string,
  captcha: string | undefined,
  remember: boolean,
): Promise<void> {
  const answer = await accountApi.login({
    type: 'username',
    username,
    password,
    captcha,
    challenge: await solveChallenge(),
  });
  saveRememberedLogin(username, remember);
  await signIn(answer, password);
}

export async function loginWithSms(
  countryDialingCode: string,
  mobileNum: string,
  verificationCode: string,
): Promise<void> {
  const answer = await accountApi.login({ type: 'sms', countryDialingCode, mobileNum, verificationCode });
  saveSmsLogin(mobileNum, countryDialingCode);
  await signIn(answer, null, true);
}

// SPEC §4 free play: request, log in with the answer, clear cpw, close modals, go home.
export async function startFreePlay(navigate: (path: string) => void): Promise<void> {
  const answer = await accountApi.freePlay();
  await signIn(answer, null, true);
  store.set(cpwAtom, false);
  store.set(accountModalAtom, null);
  navigate('/');
}
