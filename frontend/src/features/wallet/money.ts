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
