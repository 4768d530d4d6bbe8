import type { ReactNode } from 'react';

// The six house slots' own symbols, drawn as simple inline SVG on a 100 x 100 box (no images, no emoji), by
// the symbol ids the server's machines use. Every one is shapes only, letters and the dragon included: a text
// glyph depends on the fonts of the player's device (a 龍 without a CJK font is a box). Ids not listed here
// fall back to SymbolTile's generic art.

const gold = { fill: '#f5c542', stroke: '#a87a10', strokeWidth: 3 } as const;

function Rays({ color, count = 12 }: { color: string; count?: number }) {
  return (
    <g stroke={color} strokeWidth="5" strokeLinecap="round">
      {Array.from({ length: count }, (_, i) => {
        const a = (Math.PI * 2 * i) / count;
        return <line key={i} x1={50 + 30 * Math.cos(a)} y1={50 + 30 * Math.sin(a)} x2={50 + 44 * Math.cos(a)} y2={50 + 44 * Math.sin(a)} />;
      })}
    </g>
  );
}

const DRAWINGS: Record<string, () => ReactNode> = {
  // Golden Dragon
  DRAGON: () => (
    <>
      <circle cx="50" cy="50" r="42" fill="#b3121f" stroke="#f5c542" strokeWidth="5" />
      {/* A golden dragon's head in profile: horns and mane behind, open jaw, whiskers trailing. */}
      <path d="M40 32 Q30 16 16 14 Q28 22 32 34 Z M50 29 Q46 14 34 8 Q42 20 42 31 Z" fill="#ffd966" stroke="#7a4b00" strokeWidth="2" strokeLinejoin="round" />
      <path d="M28 44 L16 40 L24 50 L12 54 L24 58 L16 66 L30 64 Z" fill="#f08a1c" stroke="#7a4b00" strokeWidth="2" strokeLinejoin="round" />
      <path
        d="M26 60 Q24 40 42 31 Q58 24 70 32 L84 38 Q90 42 86 48 L74 50 L84 56 Q82 64 72 64 L60 62 Q56 74 42 74 Q30 72 26 60 Z"
        fill="#ffd966"
        stroke="#7a4b00"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <path d="M74 50 L62 52" stroke="#7a4b00" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M78 56 l-3 4 M70 57 l-2 4" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      <ellipse cx="60" cy="39" rx="5" ry="4" fill="#fff" stroke="#7a4b00" strokeWidth="1.5" />
      <circle cx="61" cy="39" r="2" fill="#1b1b1b" />
      <path d="M84 44 Q94 52 90 66 M80 38 Q90 26 96 30" fill="none" stroke="#ffd966" strokeWidth="2" strokeLinecap="round" />
      <path d="M52 33 q8 -9 18 -3" fill="none" stroke="#7a4b00" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="81" cy="41" r="1.8" fill="#7a4b00" />
      <path d="M32 50 l6 -3 l6 3 l6 -3 M34 60 l6 -3 l6 3" fill="none" stroke="#c98a12" strokeWidth="2" strokeLinejoin="round" />
    </>
  ),
  PEARL: () => (
    <>
      <circle cx="50" cy="50" r="34" fill="#f4eefa" stroke="#b9a6d6" strokeWidth="4" />
      <circle cx="40" cy="38" r="10" fill="#ffffff" />
      <circle cx="50" cy="50" r="42" fill="none" stroke="#e8c6ff" strokeWidth="3" strokeDasharray="6 6" />
    </>
  ),
  INGOT: () => <path d="M10 48 q10 10 22 0 q18-26 36 0 q12 10 22 0 l-12 26 h-56z" {...gold} strokeLinejoin="round" />,
  LANTERN: () => (
    <>
      <rect x="36" y="12" width="28" height="8" rx="2" {...gold} />
      <ellipse cx="50" cy="50" rx="30" ry="28" fill="#e0262f" stroke="#8d0f16" strokeWidth="3" />
      <path d="M50 22 v56 M34 28 q-8 22 0 44 M66 28 q8 22 0 44" stroke="#8d0f16" strokeWidth="2" fill="none" />
      <rect x="36" y="78" width="28" height="7" rx="2" {...gold} />
      <path d="M50 85 v10" stroke="#f5c542" strokeWidth="4" />
    </>
  ),
  DRUM: () => (
    <>
      <path d="M18 34 v34 q32 16 64 0 v-34" fill="#c2262e" stroke="#6e0c12" strokeWidth="3" />
      <ellipse cx="50" cy="34" rx="32" ry="12" fill="#f3dfb4" stroke="#6e0c12" strokeWidth="3" />
      <g fill="#f5c542">{[24, 37, 50, 63, 76].map((x) => <circle key={x} cx={x} cy="60" r="3" />)}</g>
    </>
  ),
  FAN: () => (
    <>
      <path d="M50 82 L12 40 A50 50 0 0 1 88 40 Z" fill="#e9516c" stroke="#7c1d2f" strokeWidth="3" strokeLinejoin="round" />
      <path d="M50 82 L26 28 M50 82 L50 22 M50 82 L74 28" stroke="#ffd0da" strokeWidth="3" />
    </>
  ),
  JADE: () => (
    <>
      <circle cx="50" cy="50" r="36" fill="#2fae73" stroke="#136b43" strokeWidth="4" />
      <circle cx="50" cy="50" r="12" fill="#07100c" stroke="#136b43" strokeWidth="3" />
      <path d="M28 34 q8-10 18-12" stroke="#b6f2d2" strokeWidth="4" fill="none" strokeLinecap="round" />
    </>
  ),
  COIN: () => (
    <>
      <circle cx="50" cy="50" r="36" {...gold} strokeWidth="5" />
      <rect x="40" y="40" width="20" height="20" fill="#07100c" stroke="#a87a10" strokeWidth="3" />
    </>
  ),
  // Lucky Koi
  KOI: () => (
    <>
      <path d="M16 50 q22-30 52-8 l18-14 v44 l-18-14 q-30 22-52-8z" fill="#ff7a1a" stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
      <circle cx="28" cy="47" r="4" fill="#111" />
      <path d="M40 40 q8 10 0 20 M52 38 q8 12 0 24" stroke="#fff" strokeWidth="4" fill="none" />
    </>
  ),
  LOTUS: () => (
    <g stroke="#b02e6f" strokeWidth="2.5" strokeLinejoin="round">
      <path d="M50 78 q-30-6-34-34 q22 4 34 34z" fill="#ff9ccc" />
      <path d="M50 78 q30-6 34-34 q-22 4-34 34z" fill="#ff9ccc" />
      <path d="M50 78 q-20-26 0-56 q20 30 0 56z" fill="#ffc2e0" />
      <ellipse cx="50" cy="82" rx="30" ry="6" fill="#2f9e5b" stroke="#1b6b3a" />
    </g>
  ),
  TURTLE: () => (
    <>
      <ellipse cx="50" cy="52" rx="32" ry="24" fill="#3f8f4f" stroke="#1f5a2c" strokeWidth="3" />
      <path d="M50 32 l12 10 v14 l-12 10 l-12-10 v-14z" fill="#79c36a" stroke="#1f5a2c" strokeWidth="2" />
      <circle cx="86" cy="50" r="8" fill="#79c36a" stroke="#1f5a2c" strokeWidth="2" />
    </>
  ),
  FROG: () => (
    <>
      <ellipse cx="50" cy="58" rx="34" ry="24" fill="#59c24a" stroke="#2c6e22" strokeWidth="3" />
      <circle cx="34" cy="34" r="11" fill="#59c24a" stroke="#2c6e22" strokeWidth="3" />
      <circle cx="66" cy="34" r="11" fill="#59c24a" stroke="#2c6e22" strokeWidth="3" />
      <circle cx="34" cy="34" r="5" fill="#111" />
      <circle cx="66" cy="34" r="5" fill="#111" />
      <path d="M34 64 q16 10 32 0" stroke="#2c6e22" strokeWidth="3" fill="none" />
    </>
  ),
  LILY: () => (
    <>
      <path d="M50 50 L86 42 A38 38 0 1 1 80 30 Z" fill="#2f9e5b" stroke="#1b6b3a" strokeWidth="3" />
      <circle cx="46" cy="52" r="10" fill="#fff4fb" stroke="#e58bbd" strokeWidth="3" />
    </>
  ),
  BAMBOO: () => (
    <g fill="#7cc35a" stroke="#3d7a2a" strokeWidth="3">
      <rect x="28" y="12" width="16" height="76" rx="5" />
      <rect x="56" y="22" width="16" height="66" rx="5" />
      <path d="M28 38 h16 M28 64 h16 M56 46 h16 M56 70 h16" />
    </g>
  ),
  SHELL: () => (
    <>
      <path d="M50 84 L14 44 A38 38 0 0 1 86 44 Z" fill="#ffd9c2" stroke="#c47b5a" strokeWidth="3" strokeLinejoin="round" />
      <path d="M50 84 L30 26 M50 84 L50 18 M50 84 L70 26" stroke="#c47b5a" strokeWidth="3" />
    </>
  ),
  BUBBLE: () => (
    <g fill="#bfe9ff66" stroke="#8fd3ff" strokeWidth="3">
      <circle cx="42" cy="56" r="24" />
      <circle cx="72" cy="30" r="12" />
      <circle cx="74" cy="72" r="8" />
    </g>
  ),
  // Pharaoh's Fortune
  PHARAOH: () => (
    <>
      <path d="M50 10 q-30 0-34 34 l-6 46 h80 l-6-46 q-4-34-34-34z" fill="#2f5fd0" stroke="#f5c542" strokeWidth="4" />
      <path d="M22 50 h56 M18 66 h64" stroke="#f5c542" strokeWidth="5" />
      <ellipse cx="50" cy="48" rx="16" ry="20" fill="#c58a4a" />
    </>
  ),
  PYRAMID: () => (
    <>
      <path d="M50 12 L90 84 H10 Z" {...gold} strokeLinejoin="round" />
      <path d="M50 12 L60 84 M30 48 h40 M20 66 h60" stroke="#a87a10" strokeWidth="3" fill="none" />
      <circle cx="50" cy="34" r="5" fill="#fff6c8" />
    </>
  ),
  SCARAB: () => (
    <>
      <ellipse cx="50" cy="56" rx="24" ry="30" fill="#1f8fb3" stroke="#0b4c63" strokeWidth="3" />
      <circle cx="50" cy="24" r="10" fill="#1f8fb3" stroke="#0b4c63" strokeWidth="3" />
      <path d="M50 30 v56 M26 44 l-12-8 M74 44 l12-8 M26 66 l-12 8 M74 66 l12 8" stroke="#0b4c63" strokeWidth="4" />
    </>
  ),
  ANKH: () => (
    <path d="M50 54 q-18-18 0-40 q18 22 0 40z M22 54 h56 M50 54 v38" fill="none" stroke="#f5c542" strokeWidth="10" strokeLinejoin="round" strokeLinecap="round" />
  ),
  EYE: () => (
    <>
      <path d="M10 48 q40-36 80 0 q-40 32-80 0z" fill="#f3efe2" stroke="#1d3f8f" strokeWidth="5" />
      <circle cx="50" cy="48" r="13" fill="#1d3f8f" />
      <path d="M44 62 l-6 22 M58 60 q14 10 22 0" stroke="#1d3f8f" strokeWidth="5" fill="none" strokeLinecap="round" />
    </>
  ),
  CAT: () => (
    <>
      <path d="M22 84 V36 L30 12 L42 32 H58 L70 12 L78 36 V84 Z" fill="#2b2b35" stroke="#f5c542" strokeWidth="3" strokeLinejoin="round" />
      <circle cx="40" cy="50" r="4" fill="#f5c542" />
      <circle cx="60" cy="50" r="4" fill="#f5c542" />
    </>
  ),
  SCROLL: () => (
    <>
      <rect x="22" y="20" width="56" height="60" fill="#f1dfb0" stroke="#9a7536" strokeWidth="3" />
      <rect x="16" y="14" width="68" height="10" rx="5" fill="#c99b4e" />
      <rect x="16" y="76" width="68" height="10" rx="5" fill="#c99b4e" />
      <path d="M32 38 h36 M32 50 h28 M32 62 h32" stroke="#9a7536" strokeWidth="3" />
    </>
  ),
  URN: () => (
    <path d="M36 14 h28 v8 q20 12 16 36 q-4 24-30 30 q-26-6-30-30 q-4-24 16-36z" fill="#c0623a" stroke="#6e2f17" strokeWidth="3" strokeLinejoin="round" />
  ),
  // Neon Nights
  SEVEN: () => (
    <path
      d="M20 16 H82 V30 L52 88 H32 L62 32 H20 Z"
      fill="#ff3b4f"
      stroke="#fff"
      strokeWidth="3"
      strokeLinejoin="round"
      style={{ filter: 'drop-shadow(0 0 6px #ff3b4f)' }}
    />
  ),
  BAR: () => (
    <>
      <rect x="8" y="30" width="84" height="40" rx="7" fill="#1d1d1d" stroke="#f2c14e" strokeWidth="4" />
      {/* The letters B, A and R as outlines with their counters cut out (even-odd fill). */}
      <path
        fillRule="evenodd"
        fill="#f2c14e"
        d="M17 38 H29 Q35 38 35 44 Q35 48 32 49.5 Q36 51 36 56 Q36 62 29 62 H17 Z M22 42.5 V47.5 H28 Q30 47.5 30 45 Q30 42.5 28 42.5 Z M22 51.5 V57.5 H29 Q31 57.5 31 54.5 Q31 51.5 29 51.5 Z M40 62 L47 38 H53 L60 62 H55 L53.5 56 H46.5 L45 62 Z M47.6 51.5 H52.4 L50 43 Z M64 38 H76 Q83 38 83 45 Q83 50.5 78 52 L84 62 H78 L72.5 52.5 H69 V62 H64 Z M69 42.5 V48 H75.5 Q78 48 78 45.25 Q78 42.5 75.5 42.5 Z"
      />
    </>
  ),
  STAR: () => (
    <path d="M50 8 L61 38 L93 38 L67 57 L77 89 L50 70 L23 89 L33 57 L7 38 L39 38 Z" fill="#ff4fd8" stroke="#fff" strokeWidth="3" strokeLinejoin="round" style={{ filter: 'drop-shadow(0 0 6px #ff4fd8)' }} />
  ),
  DISCO: () => (
    <>
      <circle cx="50" cy="52" r="34" fill="#c9d3e6" stroke="#6f7c99" strokeWidth="3" />
      <path d="M16 52 h68 M22 34 h56 M22 70 h56 M50 18 v68 M32 22 q-10 30 0 60 M68 22 q10 30 0 60" stroke="#6f7c99" strokeWidth="2" fill="none" />
      <path d="M50 6 v12" stroke="#fff" strokeWidth="3" />
    </>
  ),
  MUSIC: () => (
    <g fill="#38e1ff" stroke="#38e1ff" style={{ filter: 'drop-shadow(0 0 5px #38e1ff)' }}>
      <path d="M38 72 V22 L78 14 V62" fill="none" strokeWidth="6" strokeLinejoin="round" />
      <ellipse cx="30" cy="74" rx="10" ry="8" />
      <ellipse cx="70" cy="64" rx="10" ry="8" />
    </g>
  ),
  COCKTAIL: () => (
    <>
      <path d="M14 20 H86 L50 58 Z" fill="#ffb347" stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
      <path d="M50 58 V84 M34 86 H66" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
      <circle cx="70" cy="22" r="8" fill="#7CFC00" />
    </>
  ),
  HEART: () => (
    <path d="M50 86 C10 58 10 22 32 18 C42 16 48 24 50 30 C52 24 58 16 68 18 C90 22 90 58 50 86Z" fill="#ff3b6b" stroke="#fff" strokeWidth="3" style={{ filter: 'drop-shadow(0 0 5px #ff3b6b)' }} />
  ),
  // Fruit Fiesta (its fruits use SymbolTile's shared drawings)
  PINATA: () => (
    <>
      <path d="M50 8 L60 36 L92 40 L66 58 L74 90 L50 72 L26 90 L34 58 L8 40 L40 36 Z" fill="#ff5fa2" stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
      <path d="M28 46 H72 M34 60 H66" stroke="#ffe14d" strokeWidth="6" />
      <path d="M38 52 H62" stroke="#3ccf91" strokeWidth="6" />
    </>
  ),
  SUN: () => (
    <>
      <Rays color="#ffb000" />
      <circle cx="50" cy="50" r="24" fill="#ffd84d" stroke="#e08a00" strokeWidth="4" />
    </>
  ),
  // Viking Raid
  SHIP: () => (
    <>
      <path d="M50 14 V58" stroke="#6b4423" strokeWidth="4" />
      <path d="M50 16 L78 22 V52 L50 56 Z" fill="#d63a3a" stroke="#fff" strokeWidth="2" />
      <path d="M8 56 q10 2 16 8 h52 q6-6 16-8 q-6 22-20 26 H28 q-14-4-20-26z" fill="#8b5a2b" stroke="#f5c542" strokeWidth="3" strokeLinejoin="round" />
    </>
  ),
  RUNE: () => (
    <>
      <path d="M24 88 L18 30 Q22 12 50 10 Q78 12 82 30 L76 88 Z" fill="#7d8a96" stroke="#3d4650" strokeWidth="3" />
      <path d="M40 28 V74 M40 28 L60 40 L40 52 L62 74" stroke="#5ff3ff" strokeWidth="6" fill="none" strokeLinejoin="round" strokeLinecap="round" style={{ filter: 'drop-shadow(0 0 4px #5ff3ff)' }} />
    </>
  ),
  HAMMER: () => (
    <>
      <rect x="46" y="40" width="8" height="50" rx="3" fill="#8b5a2b" />
      <rect x="20" y="14" width="60" height="30" rx="4" fill="#aab4be" stroke="#4a545e" strokeWidth="3" />
    </>
  ),
  HELMET: () => (
    <>
      <path d="M20 64 V50 A30 30 0 0 1 80 50 V64 Z" fill="#9aa6b2" stroke="#4a545e" strokeWidth="3" />
      <path d="M20 48 Q6 40 8 18 Q18 34 28 38 M80 48 Q94 40 92 18 Q82 34 72 38" fill="#f3e6c4" stroke="#8a7a52" strokeWidth="3" />
      <path d="M46 50 h8 v26 h-8z" fill="#4a545e" />
    </>
  ),
  AXE: () => (
    <>
      <path d="M34 12 L42 90" stroke="#8b5a2b" strokeWidth="8" strokeLinecap="round" />
      <path d="M38 22 Q80 10 84 46 Q62 38 42 52 Z" fill="#c7d0d8" stroke="#4a545e" strokeWidth="3" strokeLinejoin="round" />
    </>
  ),
  SHIELD: () => (
    <>
      <circle cx="50" cy="50" r="38" fill="#b8322a" stroke="#6b4423" strokeWidth="5" />
      <path d="M50 12 V88 M12 50 H88" stroke="#f3e6c4" strokeWidth="8" />
      <circle cx="50" cy="50" r="9" fill="#aab4be" stroke="#4a545e" strokeWidth="3" />
    </>
  ),
  HORN: () => (
    <path d="M14 30 Q54 30 78 70 L88 62 Q70 16 14 16 Z" fill="#f3e6c4" stroke="#8a7a52" strokeWidth="3" strokeLinejoin="round" />
  ),
  RAVEN: () => (
    <>
      <path d="M12 60 Q34 30 62 34 L86 26 L74 42 Q70 66 44 70 L30 84 L32 70 Z" fill="#1d1f26" stroke="#8894a8" strokeWidth="2.5" strokeLinejoin="round" />
      <circle cx="66" cy="38" r="3" fill="#f5c542" />
    </>
  ),
};

export function themedSymbol(symbol: string): ReactNode | null {
  const draw = DRAWINGS[symbol];
  return draw ? draw() : null;
}
