// What a play type lets the player pick, as pure functions: the grid a short number shows, the typed entry
// of a long one, and the rules a selection must follow before a bet is sent (the server checks them again).
import type { NumberPick, PickSpec } from './api';

// Up to two digits the numbers are buttons (0-9, 00-99); three and four digits are typed.
export const GRID_MAX_DIGITS = 2;

export function gridNumbers(pick: NumberPick): string[] | null {
  if (pick.digits > GRID_MAX_DIGITS) return null;
  const count = 10 ** pick.digits;
  return Array.from({ length: count }, (_, n) => String(n).padStart(pick.digits, '0'));
}

export function isNumberOf(text: string, digits: number): boolean {
  return new RegExp(`^\\d{${digits}}$`).test(text);
}

// Why a typed entry is refused: an i18n key under lottery.picker and its values.
export interface EntryError {
  key: 'invalid' | 'duplicate' | 'tooMany';
  values: Record<string, string>;
}

export type EntryResult = { ok: true; selection: string[] } | { ok: false; error: EntryError };

// Typed entry: one or more numbers separated by spaces, commas or semicolons, each of exactly `digits`
// digits, none already picked, and no more than maxCount in all.
export function addTyped(text: string, pick: NumberPick, selection: readonly string[]): EntryResult {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (parts.length === 0) return { ok: false, error: { key: 'invalid', values: { digits: String(pick.digits) } } };
  const next = [...selection];
  for (const part of parts) {
    if (!isNumberOf(part, pick.digits)) {
      return { ok: false, error: { key: 'invalid', values: { digits: String(pick.digits) } } };
    }
    if (next.includes(part)) return { ok: false, error: { key: 'duplicate', values: { number: part } } };
    next.push(part);
  }
  if (next.length > pick.maxCount) {
    return { ok: false, error: { key: 'tooMany', values: { max: String(pick.maxCount) } } };
  }
  return { ok: true, selection: next };
}

// A grid click: picked numbers are dropped, others added while there is room (else nothing changes).
export function toggleNumber(selection: readonly string[], value: string, maxCount: number): string[] {
  if (selection.includes(value)) return selection.filter((n) => n !== value);
  if (selection.length >= maxCount) return [...selection];
  return [...selection, value];
}

// An option play takes one option: a click chooses it, a second click clears it.
export function toggleOption(selection: readonly string[], option: string): string[] {
  return selection.includes(option) ? [] : [option];
}

export function maxCountOf(pick: PickSpec): number {
  return pick.kind === 'number' ? pick.maxCount : 1;
}

// Whether a selection may be bet as it is.
export function selectionValid(pick: PickSpec, selection: readonly string[]): boolean {
  if (selection.length === 0 || selection.length > maxCountOf(pick)) return false;
  if (new Set(selection).size !== selection.length) return false;
  if (pick.kind === 'option') return selection.every((s) => pick.options.includes(s));
  return selection.every((s) => isNumberOf(s, pick.digits));
}
