// The two sides of a wallet transfer. '' is the main wallet, anything else a vendor wallet. The server
// moves money only between the main wallet and one vendor wallet, so whatever the member picks, the
// sides stay two different wallets with the main wallet on one of them.
export interface Sides {
  from: string;
  to: string;
}

// From the main wallet into the first game wallet: the move a member makes before playing.
export function defaultSides(vendors: readonly string[]): Sides {
  return { from: '', to: vendors[0] ?? '' };
}

export function choose(current: Sides, side: keyof Sides, wallet: string): Sides {
  const otherSide: keyof Sides = side === 'from' ? 'to' : 'from';
  let other = current[otherSide];
  if (wallet === other) other = current[side]; // picking the other side's wallet swaps the sides
  else if (wallet !== '' && other !== '') other = ''; // two game wallets: the other side becomes main
  return side === 'from' ? { from: wallet, to: other } : { from: other, to: wallet };
}

export function isTransfer({ from, to }: Sides): boolean {
  return from !== to && (from === '' || to === '');
}

// A wallet transfer's ledger reference ("wallet:MAIN>HOUSE", see server/wallet/transfers.py) as the member
// reads it, each side named ("Main wallet → House games"); null for any other reference.
export function transferLabel(reference: string, name: (wallet: string) => string): string | null {
  const match = /^wallet:([^>]+)>(.+)$/.exec(reference);
  if (!match) return null;
  const side = (code: string) => name(code === 'MAIN' ? '' : code);
  return `${side(match[1]!)} → ${side(match[2]!)}`;
}
