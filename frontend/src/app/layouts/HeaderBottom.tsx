import { useAtomValue } from 'jotai';
import { Link, NavLink } from 'react-router';

import { GameNavItems } from '../../features/games/components/GameNav';
import { useTranslation } from '../../i18n/react';
import { brandAtom } from '../../state/atoms';

export function HeaderBottom() {
  const { t } = useTranslation();
  const brand = useAtomValue(brandAtom);
  return (
    <nav className="header-bottom" aria-label={t('nav.main')}>
      <div className="container header-bottom-row">
        <Link to="/" className="logo">
          <img src="/favicon.svg" alt="" width={36} height={36} />
          <span>{brand?.name}</span>
        </Link>
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
        </ul>
      </div>
    </nav>
  );
}
