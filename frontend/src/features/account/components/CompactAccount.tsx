import { useAtomValue, useSetAtom } from 'jotai';

import { deferred } from '../../../components/deferred';
import { useTranslation } from '../../../i18n/react';
import { accountModalAtom } from '../../../state/account';
import { tokenAtom } from '../../../state/atoms';
import { switchesAtom } from '../switches';

// The balance is a member's only, like the panel: its own small chunk.
const CompactBalance = deferred(() => import('../../../components/BalanceDisplay').then((module) => module.BalanceDisplay));

// The compact header's right side (below the full header's width): the balance once logged in, else a
// login and a register button that open their popups; the full login form and the member panel are in the
// menu drawer.
export function CompactAccount() {
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const switches = useAtomValue(switchesAtom);
  const setModal = useSetAtom(accountModalAtom);
  if (token) {
    return (
      <div className="compact-account">
        <CompactBalance.Component />
      </div>
    );
  }
  return (
    <div className="compact-account">
      <button type="button" className="button" data-testid="compact-login" onClick={() => setModal('login')}>
        {t('account.login')}
      </button>
      {switches.get('DIRECTREG3') && (
        <button type="button" className="button button-ghost" onClick={() => setModal('register')}>
          {t('account.register')}
        </button>
      )}
    </div>
  );
}
