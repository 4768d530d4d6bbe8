// The brand's VIP levels, read once per language and shared by the header's rank and the /vip page: the
// header asks on every page, and the levels change only when staff edit them.
import { loyaltyApi, type VipLevel, type VipLevels } from './api';

const read = new Map<string, Promise<VipLevels>>();

export function levelsIn(language: string): Promise<VipLevels> {
  let levels = read.get(language);
  if (!levels) {
    levels = loyaltyApi.levels();
    read.set(language, levels);
    // A failed read is not kept: the next page asks again.
    levels.catch(() => read.delete(language));
  }
  return levels;
}

// For tests, and after staff change the levels under a running page (not needed by the portal itself).
export function forgetLevels(): void {
  read.clear();
}

export const levelOf = (levels: readonly VipLevel[], rank: number | null | undefined) =>
  levels.find((level) => level.level === (rank ?? 0)) ?? null;
