// Money, for the portal and the house game page alike. On the wire an amount is a decimal string with at
// most two places ("1234.50", "-3.20"); here it becomes BigInt cents, so that no amount ever passes
// through a float (0.10 has no exact binary form) and amounts beyond 2^53 stay exact.

// Optional minus, whole units, at most two decimals. No exponent, no "+", no thousands separators.
const WIRE = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

// An amount a player may type: positive, no leading zeros, at most 15 whole digits and two decimals (the
// server's own rule, server/http/core/money.py, which checks it again).
const ENTRY = /^(0|[1-9]\d{0,14})(\.\d{1,2})?$/;

/** Cents of a decimal string, or null when it is not an amount. A third decimal is refused, not rounded:
 * rounding money silently is how a cent goes missing. */
export function parseCents(text: string): bigint | null {
  const match = WIRE.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  // The sign applies to the whole amount: "-3.20" is -320, not -300 + 20.
  return sign ? -cents : cents;
}

/** Cents of an amount the server sent or a caller already checked; throws on anything else, so that a
 * broken amount is never taken for zero. */
export function toCents(text: string): bigint {
  const cents = parseCents(text);
  if (cents === null) throw new RangeError(`not an amount: ${JSON.stringify(text)}`);
  return cents;
}

/** The wire form of cents: "-0.05", "1234.50" (no separators). */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** For reading: two decimals and thousand separators, the symbol (when given) after the sign:
 * "-P 1,234.50", or "1,234.50" without a symbol. What is not an amount is shown as it came. */
export function formatMoney(amount: string, symbol?: string): string {
  const cents = parseCents(amount);
  const prefix = symbol === undefined ? '' : `${symbol} `;
  if (cents === null) return `${prefix}${amount}`;
  const plain = fromCents(cents < 0n ? -cents : cents);
  const [whole = '0', fraction = '00'] = plain.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0n ? '-' : ''}${prefix}${grouped}.${fraction}`;
}

/** A positive amount as a player may type it ("100", "100.5", "100.50"). */
export function isAmount(text: string): boolean {
  return ENTRY.test(text.trim()) && toCents(text) > 0n;
}

/** "1.5" -> "1.50"; the text as it is when it is not an amount. */
export function normaliseAmount(text: string): string {
  return isAmount(text) ? fromCents(toCents(text)) : text.trim();
}

export function addMoney(...amounts: string[]): string {
  return fromCents(amounts.reduce((sum, amount) => sum + toCents(amount), 0n));
}

/** An amount times a whole count (a stake on each of several lines or numbers). */
export function multiplyMoney(amount: string, times: number): string {
  return fromCents(toCents(amount) * BigInt(Math.trunc(times)));
}

export function isPositive(amount: string): boolean {
  return toCents(amount) > 0n;
}

export function canAfford(balance: string, stake: string): boolean {
  return toCents(balance) >= toCents(stake);
}
