import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router';

import { Icon } from '../../components/Icon';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { HeaderAccount } from '../../features/account/components/HeaderAccount';
import { GameNavItems } from '../../features/games/components/GameNav';
import { useTranslation } from '../../i18n/react';
import { agentCentreAtom } from '../../state/agentCentre';
import { memberCentreAtom } from '../../state/memberCentre';
import { DRAWER_ID } from './CompactHeader';
import { HeaderRank } from './HeaderRank';

// The compact header's menu: the account (login form or member panel), the language and every page the full
// header links to. A modal side sheet: Escape or the backdrop closes it, focus moves in on opening and back
// to the menu button on closing. Its code is fetched on the first tap of the menu button.
export function MenuDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const close = useRef<HTMLButtonElement>(null);
  // The member panel's entries open the member or agent centre: the menu gives way to it.
  const memberPage = useAtomValue(memberCentreAtom);
  const agentPage = useAtomValue(agentCentreAtom);
  const centreOpen = memberPage !== null || agentPage !== null;
  useEffect(() => {
    if (centreOpen) onClose();
  }, [centreOpen, onClose]);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    close.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.style.overflow = previous;
      opener?.focus();
    };
  }, [onClose]);
  return (
    <div className="drawer-backdrop" onClick={onClose}>
      <div
        id={DRAWER_ID}
        className="drawer"
        role="dialog"
        aria-modal="true"
        aria-label={t('nav.menu')}
        data-testid="menu-drawer"
        onClick={(event) => event.stopPropagation()}
      >
        <div className="drawer-head">
          <LanguageSwitcher />
          <button ref={close} type="button" className="icon-button" aria-label={t('nav.closeMenu')} onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
        <HeaderRank.Component />
        <HeaderAccount />
        <nav aria-label={t('nav.main')}>
          <ul className="nav-items drawer-nav">
            <li>
              <NavLink to="/" end>
                {t('nav.home')}
              </NavLink>
            </li>
            <GameNavItems />
            <li>
              <NavLink to="/promotions">{t('nav.promotions')}</NavLink>
            </li>
            <li>
              <NavLink to="/vip">{t('nav.vip')}</NavLink>
            </li>
            <li>
              <NavLink to="/pointMall">{t('nav.pointMall')}</NavLink>
            </li>
          </ul>
        </nav>
      </div>
    </div>
  );
}
