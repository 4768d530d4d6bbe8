import { useSyncExternalStore } from 'react';

// The widths where the shell changes shape. The full header fits one line of navigation from 1280 px (the
// issue's desktop); below it the header is one compact row with a menu drawer, and phones also get the tab
// bar. Rendering one shape (not both, hidden by CSS) keeps each control once in the page for screen readers
// and for tests.
export const WIDE_SCREEN = '(min-width: 1280px)';

// Where there is no matchMedia (jsdom in unit tests), every query answers `otherwise`.
export function useMediaQuery(query: string, otherwise = true): boolean {
  const supported = typeof matchMedia === 'function';
  return useSyncExternalStore(
    (changed) => {
      if (!supported) return () => undefined;
      const list = matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => (supported ? matchMedia(query).matches : otherwise),
  );
}
