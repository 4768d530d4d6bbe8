// Amounts are decimal strings on the wire; they are compared and multiplied as BigInt cents, never floats.
const AMOUNT = /^(-?)(\d+)(?:\.(\d+))?$/;

export function toCents(text: string): bigint {
  const match = AMOUNT.exec(text.trim());
  if (!match) return 0n;
  const [, sign, whole = '0', fraction = ''] = match;
  const cents = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  return sign ? -cents : cents;
}

export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

// "1234.5" -> "1,234.50"
export function formatMoney(amount: string): string {
  const plain = fromCents(toCents(amount));
  const [whole = '0', fraction = '00'] = plain.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${plain.startsWith('-') ? '-' : ''}${grouped}.${fraction}`;
}

export function multiplyMoney(amount: string, times: number): string {
  return fromCents(toCents(amount) * BigInt(Math.trunc(times)));
}

export function addMoney(...amounts: string[]): string {
  return fromCents(amounts.reduce((sum, a) => sum + toCents(a), 0n));
}

export function isPositive(amount: string): boolean {
  return toCents(amount) > 0n;
}

export function canAfford(balance: string, stake: string): boolean {
  return toCents(balance) >= toCents(stake);
}
