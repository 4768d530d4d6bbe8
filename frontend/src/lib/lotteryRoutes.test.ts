import { describe, expect, it } from 'vitest';

import { inAppLotteryUrl, isLotteryRecord, lotteryCodeOf, lotteryPath } from './lotteryRoutes';

describe('lottery routing', () => {
  it('knows lottery records by category or game type', () => {
    expect(isLotteryRecord({ category: 'LOTT', gameType: 'LOTTERY' })).toBe(true);
    expect(isLotteryRecord({ category: 'ELOTT', gameType: 'X' })).toBe(true);
    expect(isLotteryRecord({ category: 'RNG', gameType: 'LOTT' })).toBe(true);
    expect(isLotteryRecord({ category: 'RNG', gameType: 'SLOT' })).toBe(false);
  });

  it('leads to /lottery with the game code, or the account type’s own route', () => {
    expect(lotteryPath({ category: 'LOTT', gameCode: 'vn-fast-1m' })).toBe('/lottery?gameCode=vn-fast-1m');
    expect(lotteryPath({ category: 'LOTT', code: 'vn-north', defaultPlayType: 'DE' })).toBe(
      '/lottery?gameCode=vn-north&playType=DE',
    );
    expect(lotteryPath({ category: 'LOTT', accountTypeName: 'TCG_SEA' }, 'sea-4d')).toBe('/seaLottery?gameCode=sea-4d');
    expect(lotteryPath({ category: 'LOTT', accountTypeName: 'TCG_LOTTO_VN' })).toBe('/vnlottery');
    expect(lotteryCodeOf({ gameCode: '', code: 'x' })).toBe('x');
  });

  it('follows a launch address that is the lottery page in the app', () => {
    const origin = 'http://portal.test';
    expect(inAppLotteryUrl('/lottery?token=abc&lang=EN&game=vn-fast-1m&merchant=demo', origin)).toBe(
      '/lottery?gameCode=vn-fast-1m&token=abc',
    );
    expect(inAppLotteryUrl('http://portal.test/lottery?gameCode=sea-4d', origin)).toBe('/lottery?gameCode=sea-4d');
    expect(inAppLotteryUrl('/house/play?token=abc', origin)).toBeNull();
    expect(inAppLotteryUrl('https://cdn.test/lottery?game=x', origin)).toBeNull();
  });
});
