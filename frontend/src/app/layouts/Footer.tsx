import { useAtomValue } from 'jotai';
import { Link } from 'react-router';

import { useBrandWords } from '../../features/system/brandHome';
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
  // The brand's own words about itself (edited in the console); none written: none shown.
  const about = useBrandWords()?.footerAbout;
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
              <Link to="/noticePage">{t('notices.title')}</Link>
            </li>
            <li>
              <Link to="/vip">{t('nav.vip')}</Link>
            </li>
            <li>
              <Link to="/pointMall">{t('nav.pointMall')}</Link>
            </li>
          </ul>
        </nav>
        {about && (
          <p className="footer-tagline" data-testid="footer-about">
            {about}
          </p>
        )}
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
