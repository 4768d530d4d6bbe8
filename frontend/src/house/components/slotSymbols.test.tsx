// Every symbol of the six house slots is drawn with shapes: a <text> would depend on the fonts of the player's
// device (Golden Dragon's 龍 showed as a box without a CJK font).
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { I18nProvider } from '../../i18n/react';
import { initHouseI18n } from '../i18n';
import { SymbolArt } from './SymbolTile';

// The machines' symbol ids, wild and scatter last (server/house/engine/slots/*.py, _ORDER).
const SLOTS: Record<string, string[]> = {
  'Golden Dragon': ['INGOT', 'LANTERN', 'DRUM', 'FAN', 'JADE', 'COIN', 'DRAGON', 'PEARL'],
  'Lucky Koi': ['TURTLE', 'FROG', 'LILY', 'BAMBOO', 'SHELL', 'BUBBLE', 'KOI', 'LOTUS'],
  'Neon Nights': ['SEVEN', 'DIAMOND', 'BAR', 'MUSIC', 'COCKTAIL', 'HEART', 'STAR', 'DISCO'],
  "Pharaoh's Fortune": ['SCARAB', 'ANKH', 'EYE', 'CAT', 'SCROLL', 'URN', 'PHARAOH', 'PYRAMID'],
  'Fruit Fiesta': ['MELON', 'GRAPE', 'PLUM', 'ORANGE', 'LEMON', 'CHERRY', 'PINATA', 'SUN'],
  'Viking Raid': ['HAMMER', 'HELMET', 'AXE', 'SHIELD', 'HORN', 'RAVEN', 'SHIP', 'RUNE'],
};

describe.each(Object.entries(SLOTS))('%s symbols', (_, symbols) => {
  it.each(symbols)('%s is drawn as shapes, with no text glyph', async (symbol) => {
    const i18n = await initHouseI18n('EN');
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <SymbolArt symbol={symbol} index={0} />
      </I18nProvider>,
    );
    const svg = container.querySelector('svg')!;
    expect(svg.querySelectorAll('text')).toHaveLength(0);
    expect(svg.querySelectorAll('path, circle, ellipse, rect, polygon').length).toBeGreaterThan(0);
    expect(svg.textContent).toBe('');
  });
});
