import { NavLink } from 'react-router';

import { GameNavItems } from '../../features/games/components/GameNav';
import { useTranslation } from '../../i18n/react';
import { HomeLogo } from './HomeLogo';

export function HeaderBottom() {
  const { t } = useTranslation();
  return (
    <nav className="header-bottom" aria-label={t('nav.main')}>
      <div className="container header-bottom-row">
        <HomeLogo />
        <ul className="nav-items">
          <li>
            <NavLink to="/" end>
              {t('nav.home')}
            </NavLink>
          </li>
          {/* One item per game category that has vendors, each with its vendor dropdown (SPEC §2.2). */}
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
      </div>
    </nav>
  );
}
