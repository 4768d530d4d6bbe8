import { tokenAtom } from '../../state/atoms';
import { store } from '../../state/store';
import { accountModalAtom, isTrialAtom } from './atoms';

// SPEC §6: a visitor's protected action opens the login popup; a trial account's is refused with the
// in_need_true_account warning. Returns whether the action may go on.
export function memberActionAllowed(): boolean {
  if (!store.get(tokenAtom)) {
    store.set(accountModalAtom, 'login');
    return false;
  }
  if (store.get(isTrialAtom)) {
    store.set(accountModalAtom, 'trialWarning');
    return false;
  }
  return true;
}
