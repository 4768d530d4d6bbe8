import { useAtomValue } from 'jotai';

import { CompactAccount } from '../../features/account/components/CompactAccount';
import { deferred } from '../../components/deferred';
import { Icon } from '../../components/Icon';
import { useTranslation } from '../../i18n/react';
import { tokenAtom } from '../../state/atoms';
import { HomeLogo } from './HomeLogo';

// The member's inbox with its unread count, as in the full header's member panel: its own chunk (with the
// count's store), fetched once someone is logged in.
const Inbox = deferred(() => import('../../components/UnreadBadge').then((module) => module.UnreadBadge));

function MemberInbox() {
  return useAtomValue(tokenAtom) ? <Inbox.Component /> : null;
}

export const DRAWER_ID = 'menu-drawer';

interface CompactHeaderProps {
  menuOpen: boolean;
  onMenu: () => void;
}

// The header below the full header's width: one row of at most 56 px (menu, logo, account), so that a
// phone keeps its screen for the page. Languages, navigation and the member panel are in the drawer.
export function CompactHeader({ menuOpen, onMenu }: CompactHeaderProps) {
  const { t } = useTranslation();
  return (
    <div className="container header-compact" data-testid="header-compact">
      <button
        type="button"
        className="icon-button"
        aria-expanded={menuOpen}
        aria-controls={DRAWER_ID}
        aria-label={t('nav.openMenu')}
        data-testid="menu-button"
        onClick={onMenu}
      >
        <Icon name="menu" />
      </button>
      <HomeLogo />
      <CompactAccount />
      <MemberInbox />
    </div>
  );
}
