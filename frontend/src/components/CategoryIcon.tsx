import { SvgIcon } from './Icon';

// The game categories' icons: only the home page draws them, so the shell's script does not carry them.
const PATHS = {
  LIVE: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 4v2m0 6v2m-5-5h2m6 0h2M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6Z',
  RNG: 'M4 5h16v14H4zM8 5v14m8-14v14M6 10l1-1 1 1m4 0 1-1 1 1m4 0 1-1 1 1',
  SPORTS: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 5 3.5 2.5-1.3 4h-4.4l-1.3-4L12 8Zm0-5v5m8.6 1.8-5.1.7M17.5 19l-3.3-4.5M6.5 19l3.3-4.5M3.4 9.8l5.1.7',
  FISH: 'M3 12c3-5 9-6 14-2l4-3v10l-4-3c-5 4-11 3-14-2Zm11-1h.01',
  PVP: 'M5 4h9v14H5zM10 6l7 2-3 12-6-2m-1-9 2 2-2 2-2-2z',
  ESPORTS: 'M6 8h12a4 4 0 0 1 3.9 4.9l-.8 3.4a2 2 0 0 1-3.4.9L15 14H9l-2.7 3.2a2 2 0 0 1-3.4-.9l-.8-3.4A4 4 0 0 1 6 8Zm2 2v4m-2-2h4m6-1h.01M17 13h.01',
  LOTT: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm-1 2h2v4',
  ELOTT: 'M4 4h16v16H4zM4 9.3h16M4 14.6h16M9.3 4v16m5.3-16v16',
} as const;

export type CategoryIconName = keyof typeof PATHS;

export function CategoryIcon({ category, size }: { category: CategoryIconName; size?: number }) {
  return <SvgIcon path={PATHS[category]} size={size} />;
}
