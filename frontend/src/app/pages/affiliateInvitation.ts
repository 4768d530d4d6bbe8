import { useStore } from 'jotai';
import { useEffect } from 'react';

import { accountModalAtom } from '../../state/account';
import { tokenAtom } from '../../state/atoms';

// An agent's invitation link is the home page with ?affiliateCode=... (server/agents/affiliate.py): a visitor
// who arrives by one sees the registration at once, and the form takes the code from the address, checks it
// and hides its field (RegisterModal, SPEC §4). Only affiliateCode opens it: the form also reads `code`, a
// name other flows' callbacks use. A member (or a free-play account), or a popup already open, is left alone.
// In the home page's chunk, not the boot: the first page's script carries none of it.
export function useAffiliateInvitation(): void {
  const store = useStore();
  useEffect(() => {
    const code = new URLSearchParams(window.location.search).get('affiliateCode')?.trim();
    if (code && !store.get(tokenAtom) && store.get(accountModalAtom) === null) store.set(accountModalAtom, 'register');
  }, [store]);
}
