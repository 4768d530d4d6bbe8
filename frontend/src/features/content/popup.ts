// The home page's popup notice (SPEC §2.5 noticeModal): shown once per browser session, and not at all on a
// day the player ticked "do not show again today" (kept per merchant, by the player's calendar day).
import { readLocal, readSession, writeLocal, writeSession } from '../../state/sessionKeys';
import { playerDay } from './dates';

export const POPUP_SHOWN_KEY = 'noticePopupShown';
export const popupHiddenKey = (merchant: string) => `noticePopupHidden.${merchant}`;

export function popupWanted(merchant: string, now: Date = new Date(), timeZone?: string): boolean {
  if (readSession(POPUP_SHOWN_KEY)) return false;
  return readLocal(popupHiddenKey(merchant)) !== playerDay(now, timeZone);
}

// Marked when it opens: going back to the home page later in the session does not bring it back.
export function markPopupShown(): void {
  writeSession(POPUP_SHOWN_KEY, '1');
}

export function hidePopupToday(merchant: string, now: Date = new Date(), timeZone?: string): void {
  writeLocal(popupHiddenKey(merchant), playerDay(now, timeZone));
}
