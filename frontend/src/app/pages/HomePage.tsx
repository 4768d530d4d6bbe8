import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';

import { CategoryIcon } from '../../components/CategoryIcon';
import { deferred } from '../../components/deferred';
import { JackpotTicker } from '../../features/games/components/JackpotTicker';
import { PopularLottery } from '../../features/lottery/components/PopularLottery';
import { useBrandBanners, useBrandHero } from '../../features/system/brandHome';
import { useTranslation } from '../../i18n/react';
import { brandAtom } from '../../state/atoms';
import { useAffiliateInvitation } from './affiliateInvitation';

// Below the fold, and animated: it comes after the first paint, with the animation code.
const WinnerBoard = lazy(() =>
  import('../../features/games/components/WinnerBoard').then((module) => ({ default: module.WinnerBoard })),
);

// The notices (banners, announcements, the popup) come after the first paint, in their own chunk, below
// the categories: arriving late, they push nothing the player is already looking at.
const HomeNotices = deferred(() =>
  import('../../features/content/components/HomeNotices').then((module) => module.HomeNotices),
);

// Category tiles and the page each leads to (SPEC §2.2 category mapping).
export const CATEGORY_PAGES = [
  ['LIVE', '/live'],
  ['RNG', '/rng'],
  ['SPORTS', '/sports'],
  ['FISH', '/fish'],
  ['PVP', '/pvp'],
  ['ESPORTS', '/esports'],
  ['LOTT', '/lottery'],
  ['ELOTT', '/elott'],
] as const;

export default function HomePage() {
  const { t } = useTranslation();
  const brand = useAtomValue(brandAtom);
  const hero = useBrandHero();
  const brandBanners = useBrandBanners();
  useAffiliateInvitation();
  return (
    <div className="home">
      <section className={hero.className} style={hero.style} data-testid="home-hero">
        <div className="container">
          {/* The page's largest paint: shown at once (global.css only slides it, never hides it). */}
          <h1>{t('home.heroTitle', { brand: brand?.name ?? '' })}</h1>
          <p className="hero-subtitle">{t('home.heroSubtitle')}</p>
          <ul className="hero-facts">
            <li>{t('home.factSlots')}</li>
            <li>{t('home.factCasino')}</li>
            <li>{t('home.factExtras')}</li>
          </ul>
          <JackpotTicker />
        </div>
      </section>
      <section className="container" aria-labelledby="categories-title">
        <h2 id="categories-title" className="section-title">
          {t('home.categoriesTitle')}
        </h2>
        <ul className="category-grid">
          {CATEGORY_PAGES.map(([category, path]) => (
            <li key={category}>
              <Link to={path} className="category-tile">
                <span className="category-icon">
                  <CategoryIcon category={category} size={36} />
                </span>
                <span>{t(`categories.${category}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <div className="container">
        <HomeNotices.Component fallbackBanners={brandBanners} />
      </div>
      <div className="container">
        <PopularLottery />
      </div>
      <div className="container home-winners">
        <Suspense fallback={null}>
          <WinnerBoard />
        </Suspense>
      </div>
    </div>
  );
}
