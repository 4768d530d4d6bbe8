import { useSetAtom } from 'jotai';
import { NavLink } from 'react-router';

import { SvgIcon } from '../../components/Icon';
import { useTranslation } from '../../i18n/react';
import { memberActionAllowed } from '../../state/account';
import { memberCentreAtom, type MemberPage } from '../../state/memberCentre';
import { DRAWER_ID } from './CompactHeader';

// The tab bar's own icons: its chunk carries them, not the first page's script.
const ICONS = {
  home: 'M4 11 12 4l8 7v9h-5v-6H9v6H4v-9Z',
  games: 'M7 9h10a4 4 0 0 1 0 8H7a4 4 0 0 1 0-8Zm2 2v4m-2-2h4m5 0h.01m2 0h.01',
  gift: 'M4 10h16v4H4zm1 4h14v6H5zm7-4v10M12 10c-2-4-6-4-6-1 0 1 1 1 6 1Zm0 0c2-4 6-4 6-1 0 1-1 1-6 1Z',
  wallet: 'M4 7h15v12H4zM4 7l11-3v3m1 6h.01',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0',
} as const;

function Tab({ icon, label }: { icon: keyof typeof ICONS; label: string }) {
  return (
    <>
      <SvgIcon path={ICONS[icon]} size={22} />
      <span>{label}</span>
    </>
  );
}

// A phone's bottom tab bar: the five places a player goes most, in the thumb's reach. Games opens the menu
// drawer (every category); deposit and account open the member centre, or the login for a visitor.
export function TabBar({ menuOpen, onGames }: { menuOpen: boolean; onGames: () => void }) {
  const { t } = useTranslation();
  const openPage = useSetAtom(memberCentreAtom);
  const open = (page: MemberPage) => {
    if (memberActionAllowed()) openPage(page);
  };
  return (
    <nav className="tab-bar" aria-label={t('tabs.label')} data-testid="tab-bar">
      <NavLink to="/" end>
        <Tab icon="home" label={t('nav.home')} />
      </NavLink>
      <button type="button" aria-expanded={menuOpen} aria-controls={DRAWER_ID} onClick={onGames}>
        <Tab icon="games" label={t('tabs.games')} />
      </button>
      <NavLink to="/promotions">
        <Tab icon="gift" label={t('nav.promotions')} />
      </NavLink>
      <button type="button" data-testid="tab-deposit" onClick={() => open('depositv2')}>
        <Tab icon="wallet" label={t('account.panel.deposit')} />
      </button>
      <button type="button" data-testid="tab-account" onClick={() => open('personalProfit')}>
        <Tab icon="user" label={t('tabs.account')} />
      </button>
    </nav>
  );
}
