import { useAtomValue } from 'jotai';

import { deferred } from '../../components/deferred';
import { AccountModals } from '../../features/account/components/AccountModals';
import { accountModalAtom } from '../../state/account';

// An excluded member's notice (issue 34: a login refused with SELF_EXCLUDED, or the exclusion just taken) is
// player protection's, in a chunk of its own fetched the first time it shows.
const ExcludedNotice = deferred(() => import('../../features/protection/ExcludedNotice').then((module) => module.ExcludedNotice));

// The account popups and warnings, with the notice that a login's refusal may open: composed here, since the
// login (account) and the notice (protection) are features of their own.
export function AccountOverlays() {
  const modal = useAtomValue(accountModalAtom);
  return (
    <>
      <AccountModals />
      {modal === 'excluded' && <ExcludedNotice.Component />}
    </>
  );
}
