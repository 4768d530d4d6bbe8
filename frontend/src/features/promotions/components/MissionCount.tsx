// The member centre's missionLeaderboard entry carries a badge: the tasks done and not yet claimed over every
// running mission (missionSummary.count), nothing at 0. The entry reads it when the member centre opens; the
// page sets it from each summary it reads (a claim lowers it).
import { atom, useAtomValue } from 'jotai';
import { useEffect } from 'react';

import { useTranslation } from '../../../i18n/react';
import { tokenAtom } from '../../../state/atoms';
import { store } from '../../../state/store';
import { missionsApi } from '../missionsApi';

export const missionCountAtom = atom(0);

// Bumped by every write and every read as it starts: an answer is kept only when nothing newer came meanwhile.
let version = 0;

export function setMissionCount(count: number): void {
  version += 1;
  store.set(missionCountAtom, count);
}

export async function refreshMissionCount(): Promise<void> {
  if (!store.get(tokenAtom)) return;
  const asked = ++version;
  try {
    const { count } = await missionsApi.summary();
    if (asked === version && store.get(tokenAtom)) store.set(missionCountAtom, count);
  } catch {
    // The badge keeps its last count; the next read corrects it.
  }
}

// As the inbox's badge reads: the count up to 99, then "99+".
const badgeText = (count: number) => (count <= 0 ? null : count > 99 ? '99+' : String(count));

export function MissionCount() {
  const { t } = useTranslation();
  const count = useAtomValue(missionCountAtom);
  const token = useAtomValue(tokenAtom);
  useEffect(() => {
    if (token) void refreshMissionCount();
    else setMissionCount(0);
  }, [token]);
  const text = badgeText(count);
  return text ? (
    <span className="unread-badge" data-testid="mission-count" aria-label={t('promotions.missions.badge', { tasks: count })}>
      {text}
    </span>
  ) : null;
}
