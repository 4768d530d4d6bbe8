import { accountModalAtom } from '../../state/account';
import { accountApi } from './api';
import { cpwAtom } from './atoms';
import { signIn } from './session';
import { store } from '../../state/store';

// SPEC §4 free play: request, log in with the answer, clear cpw, close modals, go home.
export async function startFreePlay(navigate: (path: string) => void): Promise<void> {
  const answer = await accountApi.freePlay();
  await signIn(answer, null, true);
  store.set(cpwAtom, false);
  store.set(accountModalAtom, null);
  navigate('/');
}
