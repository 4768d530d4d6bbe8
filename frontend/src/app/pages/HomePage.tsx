import { useAtomValue } from 'jotai';
import { lazy, Suspense, useMemo } from 'react';
import { Link } from 'react-router';

import { CategoryIcon } from '../../components/CategoryIcon';
import { deferred } from '../../components/deferred';
import { vendorsAtom } from '../../features/games/atoms';
import { PopularLottery } from '../../features/lottery/components/PopularLottery';
import { useBrandBanners, useBrandHero, useBrandWords } from '../../features/system/brandHome';
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

// The categories the merchant offers games in: every tile until the vendor list has come (at boot, for
// visitors too), then only those with a vendor, so that no tile leads to an empty lobby.
function useOfferedCategories(): readonly (typeof CATEGORY_PAGES)[number][] {
  const groups = useAtomValue(vendorsAtom)?.groups;
  return useMemo(
    () => (groups ? CATEGORY_PAGES.filter(([category]) => (groups[category]?.length ?? 0) > 0) : CATEGORY_PAGES),
    [groups],
  );
}

export default function HomePage() {
  const { t } = useTranslation();
  const brand = useAtomValue(brandAtom);
  const hero = useBrandHero();
  // The brand's own words, edited in the console; a brand that wrote none gets a neutral title only.
  const words = useBrandWords();
  const brandBanners = useBrandBanners();
  const categories = useOfferedCategories();
  useAffiliateInvitation();
  return (
    <div className="home">
      <section className={hero.className} style={hero.style} data-testid="home-hero">
        <div className="container">
          {/* The page's largest paint: shown at once (global.css only slides it, never hides it). */}
          <h1>{words?.heroTitle || t('home.heroTitle', { brand: brand?.name ?? '' })}</h1>
          {words?.heroSubtitle && <p className="hero-subtitle">{words.heroSubtitle}</p>}
          {!!words?.chips.length && (
            <ul className="hero-facts" data-testid="hero-chips">
              {words.chips.map((chip, i) => (
                <li key={i}>{chip}</li>
              ))}
            </ul>
          )}
        </div>
      </section>
      <section className="container" aria-labelledby="categories-title">
        <h2 id="categories-title" className="section-title">
          {t('home.categoriesTitle')}
        </h2>
        <ul className="category-grid">
          {categories.map(([category, path]) => (
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
