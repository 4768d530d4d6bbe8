import { CompactAccount } from '../../features/account/components/CompactAccount';
import { Icon } from '../../components/Icon';
import { useTranslation } from '../../i18n/react';
import { HomeLogo } from './HomeLogo';

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
    </div>
  );
}
