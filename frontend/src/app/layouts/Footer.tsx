import { useAtomValue } from 'jotai';
import { Link } from 'react-router';

import { useTranslation } from '../../i18n/react';
import { brandAtom } from '../../state/atoms';

// SPEC §2.2 footer links, each to its category of the help centre (/help?cat=ABOUT, ...).
export const FOOTER_LINKS = [
  ['about', 'footer.links.about'],
  ['contact', 'footer.links.contact'],
  ['terms', 'footer.links.terms'],
  ['responsible', 'footer.links.responsible'],
  ['privacy', 'footer.links.privacy'],
  ['affiliates', 'footer.links.affiliates'],
  ['refund', 'footer.links.refund'],
] as const;

export function Footer() {
  const { t } = useTranslation();
  const brand = useAtomValue(brandAtom);
  return (
    <footer className="footer">
      <div className="container footer-grid">
        <nav aria-label={t('footer.helpMenu')}>
          <h2>{t('footer.helpMenu')}</h2>
          <ul>
            <li>
              <Link to="/help">{t('footer.helpCentre')}</Link>
            </li>
            <li>
              <Link to="/down">{t('footer.download')}</Link>
            </li>
            <li>
              <Link to="/join">{t('footer.joinUs')}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('footer.navigation')}>
          <h2>{t('footer.navigation')}</h2>
          <ul>
            <li>
              <Link to="/">{t('nav.home')}</Link>
            </li>
            <li>
              <Link to="/promotions">{t('nav.promotions')}</Link>
            </li>
            <li>
              <Link to="/vip">{t('nav.vip')}</Link>
            </li>
          </ul>
        </nav>
        <p className="footer-tagline">{t('footer.tagline')}</p>
      </div>
      <div className="container footer-links">
        {FOOTER_LINKS.map(([anchor, key]) => (
          <Link key={anchor} to={`/help?cat=${anchor.toUpperCase()}`}>
            {t(key)}
          </Link>
        ))}
      </div>
      <p className="container footer-copyright">
        {t('footer.copyright', { year: new Date().getFullYear(), brand: brand?.name ?? '' })}
      </p>
    </footer>
  );
}
