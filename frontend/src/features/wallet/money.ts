// Amounts arrive as decimal strings ("12345.5", "-3.20") and are shown with two decimals and thousand
// separators (SPEC §9), without ever passing through a float.
export function formatMoney(amount: string, symbol = 'P'): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return `${symbol} ${amount}`;
  const [, sign, whole, fraction = ''] = match;
  const grouped = whole!.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = (fraction + '00').slice(0, 2);
  return `${sign}${symbol} ${grouped}.${cents}`;
}

// "100", "100.5", "100.50": a positive amount with at most two decimals (the server checks it again).
const AMOUNT = /^(0|[1-9]\d{0,14})(\.\d{1,2})?$/;

export function isAmount(text: string): boolean {
  return AMOUNT.test(text.trim()) && toCents(text) > 0n;
}

// Minor units as a BigInt, for comparing amounts without floating point.
export function toCents(text: string): bigint {
  const [whole = '0', fraction = ''] = text.trim().split('.');
  return BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
}
