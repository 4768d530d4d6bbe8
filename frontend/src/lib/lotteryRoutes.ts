// SPEC §4: lottery games are not launched in an iframe, they open the lottery pages. Which records count as
// lottery games, and the address each leads to.

// The catalogue's lottery: the LOTT and ELOTT categories, whatever the vendor's own game type.
const LOTTERY_KINDS = new Set(['LOTT', 'ELOTT', 'LOTTERY']);

// Account types with their own lottery routes (SPEC §4).
const ACCOUNT_ROUTES: Record<string, string> = {
  TCG_LOTTO_VN: '/vnlottery',
  TCG_SEA: '/seaLottery',
};

export interface LotteryRecord {
  category?: string | null;
  gameType?: string | null;
  accountTypeName?: string | null;
  // The lottery game's code: `gameCode` or SPEC's game-record `code`, when the record carries one.
  gameCode?: string | null;
  code?: string | null;
  defaultPlayType?: string | null;
}

export function isLotteryRecord(record: LotteryRecord): boolean {
  return LOTTERY_KINDS.has(record.category ?? '') || LOTTERY_KINDS.has(record.gameType ?? '');
}

export function lotteryCodeOf(record: LotteryRecord): string | null {
  return record.gameCode || record.code || null;
}

export function lotteryPath(record: LotteryRecord, gameCode: string | null = lotteryCodeOf(record)): string {
  const base = ACCOUNT_ROUTES[record.accountTypeName ?? ''] ?? '/lottery';
  const params = new URLSearchParams();
  if (gameCode) params.set('gameCode', gameCode);
  if (gameCode && record.defaultPlayType) params.set('playType', record.defaultPlayType);
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}

// A launch address that is the portal's own lottery page (the lottery vendors' launch base is /lottery):
// it is followed in the app, not shown in an iframe. Returns the in-app path or null.
export function inAppLotteryUrl(url: string, origin: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  if (parsed.origin !== origin || !['/lottery', '/vnlottery', '/seaLottery'].includes(parsed.pathname)) return null;
  const code = parsed.searchParams.get('gameCode') ?? parsed.searchParams.get('game');
  const params = new URLSearchParams();
  if (code) params.set('gameCode', code);
  const token = parsed.searchParams.get('token');
  if (token) params.set('token', token);
  const query = params.toString();
  return query ? `${parsed.pathname}?${query}` : parsed.pathname;
}
