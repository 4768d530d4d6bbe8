import type { ReactNode } from 'react';

import type { Emblem as EmblemName } from '../api';

// The six VIP emblems, drawn here rather than shipped as pictures: a level names its emblem and the portal
// draws it at any size, in any theme. Each is a medal of its metal with a mark that grows with the rank.
const METAL: Record<EmblemName, [string, string]> = {
  BRONZE: ['#e0a46b', '#8a4b1f'],
  SILVER: ['#f1f4f8', '#8d99a8'],
  GOLD: ['#ffe08a', '#c08a12'],
  PLATINUM: ['#e9f3f6', '#6fa3b3'],
  DIAMOND: ['#bdf3ff', '#2c8fd6'],
  CROWN: ['#ffd36b', '#b3261e'],
};

const STAR = 'M12 6.5l1.6 3.3 3.6.5-2.6 2.5.6 3.6-3.2-1.7-3.2 1.7.6-3.6-2.6-2.5 3.6-.5z';

function Bronze() {
  return <circle cx="12" cy="12" r="3.2" fill="#fff" fillOpacity="0.85" />;
}

function Silver() {
  return <path d={STAR} fill="#fff" fillOpacity="0.9" />;
}

function Gold() {
  return (
    <>
      <path d={STAR} fill="#fff" fillOpacity="0.95" />
      <path d="M6 18.5h12" stroke="#fff" strokeWidth="1.4" strokeLinecap="round" />
    </>
  );
}

function Platinum() {
  return <path d="M12 6l2 4 4 .6-3 2.9.7 4.1L12 15.7 8.3 17.6l.7-4.1-3-2.9 4-.6zM7 19h10" stroke="#fff" strokeWidth="1.2" fill="#fff" fillOpacity="0.6" strokeLinejoin="round" />;
}

function Diamond() {
  return <path d="M8 9h8l2 3-6 7-6-7zM6 12h12M10 9l2 10 2-10" stroke="#fff" strokeWidth="1.2" fill="#fff" fillOpacity="0.45" strokeLinejoin="round" />;
}

function Crown() {
  return <path d="M6.5 16.5 5.5 8.5l3.8 3L12 7l2.7 4.5 3.8-3-1 8zM6.5 18.5h11" stroke="#fff" strokeWidth="1.2" fill="#ffe9a8" strokeLinejoin="round" />;
}

const MARKS: Record<EmblemName, () => ReactNode> = {
  BRONZE: Bronze,
  SILVER: Silver,
  GOLD: Gold,
  PLATINUM: Platinum,
  DIAMOND: Diamond,
  CROWN: Crown,
};

// `label`: the level's name for a screen reader; without one the emblem is decoration beside the name.
export function Emblem({ emblem, size = 24, label }: { emblem: EmblemName; size?: number; label?: string }) {
  const [light, dark] = METAL[emblem] ?? METAL.BRONZE;
  const Mark = MARKS[emblem] ?? Bronze;
  const id = `emblem-${emblem.toLowerCase()}`;
  return (
    <svg className="vip-emblem" data-emblem={emblem} width={size} height={size} viewBox="0 0 24 24"
      role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : true}>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={light} />
          <stop offset="1" stopColor={dark} />
        </linearGradient>
      </defs>
      <path d="M12 1.5 21 5v6.5c0 5.2-3.8 9.6-9 11-5.2-1.4-9-5.8-9-11V5z" fill={`url(#${id})`} stroke={dark} strokeWidth="1" />
      <Mark />
    </svg>
  );
}
