// The home page's brand images: the hero's background and the banners shown when the merchant has
// published none of its own. Both are the portal's own SVG files (server/brands/theme.py only accepts
// /brand/<set>/<name>.svg), so they are safe inside a CSS url().
import { useAtomValue } from 'jotai';
import { type CSSProperties, useMemo } from 'react';

import type { ThemeBanner } from '../../api/system';
import { useTranslation } from '../../i18n/react';
import { brandAtom } from '../../state/atoms';
import './brand.css';
import { themeAtom } from './theme';

// Where each kind of brand banner leads.
export const BANNER_LINKS: Record<ThemeBanner['kind'], string> = {
  WELCOME: '/register',
  GAMES: '/rng',
  PROMOTIONS: '/promotions',
};

// The shape of the content feature's picture banners, so the same carousel shows either.
export interface BrandBanner {
  id: number;
  title: string;
  imageUrl: string;
  linkUrl: string;
}

export function useBrandBanners(): BrandBanner[] {
  const { t } = useTranslation();
  const banners = useAtomValue(themeAtom)?.banners;
  const brand = useAtomValue(brandAtom)?.name ?? '';
  return useMemo(
    () =>
      (banners ?? []).map((banner, i) => ({
        // Below zero: never the id of a merchant's own banner.
        id: -1 - i,
        title: t(`brandTheme.banners.${banner.kind}`, { brand }),
        imageUrl: banner.image,
        linkUrl: BANNER_LINKS[banner.kind],
      })),
    [banners, brand, t],
  );
}

// The hero section's class and style: its background is the brand's image behind a wash of the page's
// colour on the text's side, so the title reads whatever the image holds.
export function useBrandHero(): { className: string; style?: CSSProperties } {
  const image = useAtomValue(themeAtom)?.heroImage;
  if (!image) return { className: 'hero' };
  return { className: 'hero hero-branded', style: { '--hero-image': `url("${image}")` } as CSSProperties };
}
