// Cards arrive as rank + suit letter: "AS", "10H", "7D", "KC" (a "T" for ten is accepted too).
export type Suit = 'S' | 'H' | 'D' | 'C';

export interface Card {
  rank: string;
  suit: Suit;
  red: boolean;
}

export function parseCard(code: string): Card | null {
  const match = /^(10|[2-9TJQKA1])([SHDC])$/i.exec(code.trim());
  if (!match) return null;
  let rank = match[1]!.toUpperCase();
  if (rank === 'T' || rank === '1') rank = '10';
  const suit = match[2]!.toUpperCase() as Suit;
  return { rank, suit, red: suit === 'H' || suit === 'D' };
}
