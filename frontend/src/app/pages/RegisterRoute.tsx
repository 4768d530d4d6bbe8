import { useSetAtom } from 'jotai';
import { useEffect } from 'react';

import { accountModalAtom } from '../../state/account';
import HomePage from './HomePage';

// /register and /register.html: the home layout with the registration modal shown (SPEC §2.1).
export default function RegisterRoute() {
  const setModal = useSetAtom(accountModalAtom);
  useEffect(() => setModal('register'), [setModal]);
  return <HomePage />;
}
