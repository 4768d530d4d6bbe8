import { useAtomValue, useSetAtom } from 'jotai';
import { NavLink } from 'react-router';

import { deferred } from '../../components/deferred';
import { SvgIcon } from '../../components/Icon';
import { navigationAtom } from '../../features/games/atoms';
import { useTranslation } from '../../i18n/react';
import { isTrialAtom, memberActionAllowed } from '../../state/account';
import { tokenAtom } from '../../state/atoms';
import { memberCentreAtom, type MemberPage } from '../../state/memberCentre';
import { DRAWER_ID } from './CompactHeader';

// The unread count's store comes in the member's chunk (state/messages is never on the first page).
const UnreadCount = deferred(() => import('../../components/UnreadBadge').then((module) => module.UnreadCount));

// The tab bar's own icons: its chunk carries them, not the first page's script.
const ICONS = {
  home: 'M4 11 12 4l8 7v9h-5v-6H9v6H4v-9Z',
  games: 'M7 9h10a4 4 0 0 1 0 8H7a4 4 0 0 1 0-8Zm2 2v4m-2-2h4m5 0h.01m2 0h.01',
  lottery: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 4a5 5 0 1 0 0 10 5 5 0 0 0 0-10Zm-1 3h2v4h-2z',
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

// A phone's bottom tab bar: the places a player goes most, in the thumb's reach, each one a page that is
// built. Games opens the menu drawer (every category); Lottery is the brand's lottery page, when it offers
// one (a draw every few minutes is the most frequent way back in); deposit and account open the member centre
// (account on the member's own page, with the unread messages' badge), or the login for a visitor.
export function TabBar({ menuOpen, onGames }: { menuOpen: boolean; onGames: () => void }) {
  const { t } = useTranslation();
  const openPage = useSetAtom(memberCentreAtom);
  const token = useAtomValue(tokenAtom);
  const trial = useAtomValue(isTrialAtom); // play money: no cashier
  const lottery = useAtomValue(navigationAtom).some((item) => item.key === 'LOTT');
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
      {lottery && (
        <NavLink to="/lottery" data-testid="tab-lottery">
          <Tab icon="lottery" label={t('categories.LOTT')} />
        </NavLink>
      )}
      {!trial && (
        <button type="button" data-testid="tab-deposit" onClick={() => open('depositv2')}>
          <Tab icon="wallet" label={t('account.panel.deposit')} />
        </button>
      )}
      <button type="button" className="tab-account" data-testid="tab-account" onClick={() => open('securityCenter')}>
        <Tab icon="user" label={t('tabs.account')} />
        {token && <UnreadCount.Component />}
      </button>
    </nav>
  );
}
