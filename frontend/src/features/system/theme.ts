// The brand's theme on the page: its colours and font as the custom properties global.css reads, its
// favicon in the tab and its background colour in the browser's own chrome. The boot applies it as the
// status arrives, before the app's first paint (the splash is all that shows until then).
import { atom } from 'jotai';

import type { Theme } from '../../api/system';
import { statusAtom } from '../../state/atoms';

// Null until the status has arrived: global.css's defaults (today's look) hold until then.
export const themeAtom = atom<Theme | null>((get) => get(statusAtom)?.info.theme ?? null);

// bgRaised -> --bg-raised: the wire's names are global.css's custom properties in camelCase.
export function cssVariable(name: string): string {
  return `--${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

// The server only stores SVGs of plain shapes (server/brands/svg.py); shown through <img> and <link> they
// could not run anything even if one did slip through.
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function headElement<T extends HTMLElement>(selector: string, make: () => T): T {
  let element = document.head.querySelector<T>(selector);
  if (!element) {
    element = make();
    document.head.append(element);
  }
  return element;
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(theme.colors)) root.style.setProperty(cssVariable(name), value);
  // Inline on <html>, so they win over global.css's :root defaults (today's look, kept for the splash).
  root.style.fontFamily = theme.fontStack;
  root.style.colorScheme = theme.colorScheme;
  root.dataset.colorScheme = theme.colorScheme;

  const icon = headElement('link[rel="icon"]', () => Object.assign(document.createElement('link'), { rel: 'icon' }));
  icon.type = 'image/svg+xml';
  icon.href = svgDataUrl(theme.faviconSvg);
  const themeColour = headElement('meta[name="theme-color"]', () =>
    Object.assign(document.createElement('meta'), { name: 'theme-color' }),
  );
  themeColour.content = theme.colors.bg;
}
