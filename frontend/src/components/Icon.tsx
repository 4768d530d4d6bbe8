// Line icons drawn in SVG so they look the same on every system (emoji fonts vary or are missing).
const PATHS = {
  chat: 'M4 5h16v11H9l-5 4V5Zm4 5h.01M12 10h.01M16 10h.01',
  facebook: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H7v4h3v7h4v-7h3l1-4h-4V8Z',
  email: 'M3 6h18v12H3zM3 7l9 6 9-6',
  download: 'M12 4v11m-4-4 4 4 4-4M5 19h14',
  menu: 'M4 7h16M4 12h16M4 17h16',
  close: 'M6 6l12 12M18 6 6 18',
} as const;

export type IconName = keyof typeof PATHS;

export function SvgIcon({ path, size = 24 }: { path: string; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.7}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={path} />
    </svg>
  );
}

// The shell's icons (the contact button, the menu and the phone's tab bar); the game categories' are in
// CategoryIcon.
export function Icon({ name, size }: { name: IconName; size?: number }) {
  return <SvgIcon path={PATHS[name]} size={size} />;
}
