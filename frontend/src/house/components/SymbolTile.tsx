import type { ReactNode } from 'react';

import { useTranslation } from '../../i18n/react';
import { themedSymbol } from './slotSymbols';

// Slot symbols drawn as inline SVG (no images, no emoji). The house slots' own symbols are in slotSymbols;
// other known names get a picture here; card ranks a coloured letter; anything else a gem with its initials.
const PALETTE = ['#e8485f', '#f2a93b', '#3ccf91', '#4aa8ff', '#a872ff', '#ff7ac6', '#2fd3d8', '#f5d547', '#ff8f5a'];

function Star({ fill, points = 5 }: { fill: string; points?: number }) {
  const path = Array.from({ length: points * 2 }, (_, i) => {
    const r = i % 2 === 0 ? 40 : 18;
    const a = (Math.PI / points) * i - Math.PI / 2;
    return `${50 + r * Math.cos(a)},${50 + r * Math.sin(a)}`;
  }).join(' ');
  return <polygon points={path} fill={fill} stroke="#fff6" strokeWidth="2" />;
}

function Letter({ text, color }: { text: string; color: string }) {
  return (
    <text
      x="50"
      y="52"
      textAnchor="middle"
      dominantBaseline="central"
      fontSize={text.length > 2 ? 26 : text.length > 1 ? 38 : 54}
      fontWeight="900"
      fill={color}
      stroke="#0006"
      strokeWidth="2"
      paintOrder="stroke"
      fontFamily="Georgia, 'Times New Roman', serif"
    >
      {text}
    </text>
  );
}

function art(symbol: string, color: string): ReactNode {
  const s = symbol.toUpperCase();
  if (s.includes('WILD'))
    return (
      <>
        <Star fill="#f5c542" points={8} />
        <Letter text="W" color="#7a1020" />
      </>
    );
  if (s.includes('SCATTER') || s.includes('BONUS'))
    return (
      <>
        <circle cx="50" cy="50" r="38" fill="#7b3cff" stroke="#e4d2ff" strokeWidth="4" />
        <Star fill="#ffe27a" points={6} />
      </>
    );
  if (s.includes('SEVEN') || s === '7') return <Letter text="7" color="#ff3b4f" />;
  if (s.includes('BAR'))
    return (
      <>
        <rect x="12" y="32" width="76" height="36" rx="6" fill="#1d1d1d" stroke="#f2c14e" strokeWidth="4" />
        <Letter text="BAR" color="#f2c14e" />
      </>
    );
  if (s.includes('CHERR'))
    return (
      <>
        <path d="M50 16 C46 34 38 46 34 60 M50 16 C56 34 64 46 68 58" stroke="#3a9d3a" strokeWidth="5" fill="none" />
        <path d="M50 16 q14 -4 22 6 q-14 4 -22 -6z" fill="#4cc04c" />
        <circle cx="32" cy="66" r="17" fill="#e01f3d" />
        <circle cx="68" cy="64" r="17" fill="#c4102c" />
        <circle cx="27" cy="61" r="4" fill="#fff9" />
      </>
    );
  if (s.includes('BELL'))
    return (
      <>
        <path d="M50 14c-16 0-24 14-24 30v14l-8 12h64l-8-12V44c0-16-8-30-24-30z" fill="#f5c542" stroke="#b98a14" strokeWidth="3" />
        <circle cx="50" cy="78" r="8" fill="#b98a14" />
      </>
    );
  if (s.includes('STAR')) return <Star fill="#ffd34d" />;
  if (s.includes('DIAMOND') || s.includes('GEM'))
    return (
      <path d="M28 22h44l16 20-38 42-38-42z" fill="#5fd4ff" stroke="#e6fbff" strokeWidth="3" strokeLinejoin="round" />
    );
  if (s.includes('CROWN'))
    return (
      <path d="M16 70l-4-40 22 18 16-28 16 28 22-18-4 40z" fill="#f5c542" stroke="#b98a14" strokeWidth="3" strokeLinejoin="round" />
    );
  if (s.includes('LEMON')) return <ellipse cx="50" cy="50" rx="34" ry="26" fill="#ffe14d" stroke="#c9a800" strokeWidth="3" />;
  if (s.includes('ORANGE')) return <circle cx="50" cy="52" r="32" fill="#ff9a1f" stroke="#c86a00" strokeWidth="3" />;
  if (s.includes('PLUM')) return <circle cx="50" cy="52" r="30" fill="#8e3fd0" stroke="#5d1f92" strokeWidth="3" />;
  if (s.includes('GRAPE'))
    return (
      <g fill="#8a4bd6" stroke="#5a2a9a" strokeWidth="2">
        {[
          [38, 32], [62, 32], [50, 44], [28, 46], [72, 46], [40, 58], [60, 58], [50, 72],
        ].map(([cx, cy]) => (
          <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="11" />
        ))}
      </g>
    );
  if (s.includes('MELON'))
    return (
      <>
        <path d="M12 40a38 38 0 0 0 76 0z" fill="#2e9e45" />
        <path d="M18 40a32 32 0 0 0 64 0z" fill="#ff4d5e" />
      </>
    );
  if (s.includes('CLOVER'))
    return (
      <g fill="#3cbf5b">
        <circle cx="38" cy="36" r="14" />
        <circle cx="62" cy="36" r="14" />
        <circle cx="38" cy="58" r="14" />
        <circle cx="62" cy="58" r="14" />
        <path d="M50 50 q6 20 16 34" stroke="#2a8a40" strokeWidth="5" fill="none" />
      </g>
    );
  if (s.includes('COIN') || s.includes('GOLD'))
    return (
      <>
        <circle cx="50" cy="50" r="34" fill="#f5c542" stroke="#b98a14" strokeWidth="5" />
        <circle cx="50" cy="50" r="22" fill="none" stroke="#b98a14" strokeWidth="3" />
      </>
    );
  if (/^(A|K|Q|J|10|9|ACE|KING|QUEEN|JACK|TEN|NINE)$/.test(s)) {
    const short = { ACE: 'A', KING: 'K', QUEEN: 'Q', JACK: 'J', TEN: '10', NINE: '9' }[s] ?? s;
    return <Letter text={short} color={color} />;
  }
  return (
    <>
      <polygon points="50,10 86,30 86,70 50,90 14,70 14,30" fill={color} stroke="#fff8" strokeWidth="3" />
      <Letter text={s.replace(/[^A-Z0-9]/g, '').slice(0, 2)} color="#fff" />
    </>
  );
}

// The symbol's accessible name is its localized name (slot.sym.<id>), its id where none is known.
export function SymbolArt({ symbol, index }: { symbol: string; index: number }) {
  const { t } = useTranslation();
  const color = PALETTE[((index % PALETTE.length) + PALETTE.length) % PALETTE.length]!;
  return (
    <svg viewBox="0 0 100 100" className="hs-symbol" role="img" aria-label={t(`slot.sym.${symbol}`, { defaultValue: symbol })}>
      {themedSymbol(symbol) ?? art(symbol, color)}
    </svg>
  );
}
