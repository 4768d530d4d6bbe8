import type { GameKind } from './api';

// The games' pictures, drawn rather than emoji: a phone or desktop without a colour emoji font (common on
// Linux) would show empty boxes in their place.
export function GameIcon({ kind, cracked = false, size = 24 }: { kind: GameKind | 'RAIN'; cracked?: boolean; size?: number }) {
  const common = { width: size, height: size, viewBox: '0 0 24 24', 'aria-hidden': true as const, focusable: false as const };
  if (kind === 'RAIN') {
    return (
      <svg {...common}>
        <rect x="4" y="2" width="16" height="20" rx="2.5" fill="#d7263d" />
        <path d="M4 8.5 12 13l8-4.5" fill="none" stroke="#9e1628" strokeWidth="1.2" />
        <circle cx="12" cy="13" r="3" fill="#f5c04a" />
      </svg>
    );
  }
  if (kind === 'WHEEL') {
    return (
      <svg {...common}>
        <circle cx="12" cy="12" r="10" fill="#f5c04a" />
        <path d="M12 2v20M2 12h20M4.9 4.9l14.2 14.2M19.1 4.9 4.9 19.1" stroke="#d7263d" strokeWidth="1.6" />
        <circle cx="12" cy="12" r="2.6" fill="#1b2333" />
      </svg>
    );
  }
  return (
    <svg {...common}>
      <ellipse cx="12" cy="13.5" rx="7.5" ry="9" fill="#f5c04a" />
      {cracked && <path d="M4.6 12.5 8 10l2.6 2.6L13.4 10l2.8 2.4 3.2-2" fill="none" stroke="#1b2333" strokeWidth="1.4" />}
    </svg>
  );
}
