// The home page's brand images and words: the hero's background, the banners shown when the merchant has
// published none of its own, and the brand's own words (the hero's title, subtitle and chips, the footer's
// about text). The images are the portal's own SVG files (server/brands/theme.py only accepts
// /brand/<set>/<name>.svg), so they are safe inside a CSS url(); the words are plain text, rendered as text.
import { useAtomValue } from 'jotai';
import { type CSSProperties, useMemo } from 'react';

import type { Schemas } from '../../api/client';
import type { ThemeBanner } from '../../api/system';
import { useTranslation } from '../../i18n/react';
import { brandAtom, languageAtom, statusAtom } from '../../state/atoms';
import './brand.css';
import { themeAtom } from './theme';

// Where each kind of brand banner leads: pages that exist.
export const BANNER_LINKS: Record<ThemeBanner['kind'], string> = {
  WELCOME: '/register',
  GAMES: '/rng',
  LOTTERY: '/lottery',
};

export type BrandWords = Schemas['HomeTextOut'];

// The reader's language, else the brand's default, else English, else the first the brand wrote (the
// server's pick_text rule); null: the brand wrote none, and the page shows its neutral title only.
export function pickWords(
  byLanguage: Record<string, BrandWords> | undefined,
  language: string,
  fallback: string | undefined,
): BrandWords | null {
  if (!byLanguage) return null;
  for (const code of [language, fallback, 'EN']) {
    if (code && byLanguage[code]) return byLanguage[code];
  }
  return Object.values(byLanguage)[0] ?? null;
}

// The brand's words in the reader's language; they come with the status call, figures already filled from
// the catalogue by the server.
export function useBrandWords(): BrandWords | null {
  const byLanguage = useAtomValue(statusAtom)?.info.homeContent;
  const language = useAtomValue(languageAtom);
  const fallback = useAtomValue(brandAtom)?.defaultLanguage;
  return useMemo(() => pickWords(byLanguage, language, fallback), [byLanguage, language, fallback]);
}

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
