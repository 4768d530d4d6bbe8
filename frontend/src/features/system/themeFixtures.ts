// Themes as the status call carries them, for the tests of what the portal does with them.
import type { SystemStatus, Theme } from '../../api/system';

const SVG = 'xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"';

export const LIGHT_THEME: Theme = {
  colors: {
    bg: '#f5f3fa', bgRaised: '#ffffff', bgCard: '#ffffff', line: '#d9d2ea', text: '#1d1537',
    muted: '#595272', accent: '#0f766e', accentInk: '#ffffff', brand: '#6d28d9', danger: '#b42318',
  },
  font: 'rounded',
  fontStack: 'ui-rounded, Quicksand, sans-serif',
  colorScheme: 'light',
  logoSvg: `<svg ${SVG}><circle cx="32" cy="32" r="31" fill="#6d28d9"/></svg>`,
  faviconSvg: `<svg ${SVG}><rect width="64" height="64" rx="18" fill="#6d28d9"/></svg>`,
  heroImage: '/brand/demo2/hero.svg',
  banners: [
    { image: '/brand/demo2/banner-welcome.svg', kind: 'WELCOME' },
    { image: '/brand/demo2/banner-games.svg', kind: 'GAMES' },
    { image: '/brand/demo2/banner-lottery.svg', kind: 'LOTTERY' },
  ],
};

export function statusWith(theme: Theme): SystemStatus {
  return { status: 0, maintenance: false, info: { theme, customerService: [] } } as unknown as SystemStatus;
}
