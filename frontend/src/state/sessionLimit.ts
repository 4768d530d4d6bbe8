// The session time limit the member set is reached (player protection, issue 34): set when a game was closed
// at the limit, or when a launch was refused with SESSION_LIMIT, and shown by the member's overlays until the
// member closes it. Here, not in a feature: the launch (games) sets it and player protection shows it.
import { atom } from 'jotai';

import { ApiError } from '../api/transport';

export interface SessionLimitReached {
  // When the limit ran out (milliseconds), if known.
  endsAt: number | null;
}

export const sessionLimitAtom = atom<SessionLimitReached | null>(null);

// SESSION_LIMIT's value, when that is what `error` is.
export function sessionLimitOf(error: unknown): SessionLimitReached | null {
  if (!(error instanceof ApiError) || error.code !== 'SESSION_LIMIT') return null;
  const endsAt = (error.value as { endsAt?: unknown } | null)?.endsAt;
  return { endsAt: typeof endsAt === 'number' ? endsAt : null };
}
