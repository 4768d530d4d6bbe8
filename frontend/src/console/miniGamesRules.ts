// What the mini-game forms can tell before sending: each form as typed, the body it stands for (amounts as
// two-decimal strings, never floats; probabilities as percent strings) and what is wrong with it, by the wire
// name of the field ("budget", "name.EN", "vipLimits.3", "prizes.2.amount"), so that the form's own checks
// and the server's (VALIDATION_ERROR value.fields[].field) land in the same place. The server checks
// everything again.
import { fromCents, parseCents } from '../lib/money';
import { invalidFields } from './api';
import { amountOk } from './grantsApi';
import {
  CHECKIN_PLAYS_MAX,
  COUNT_MAX,
  DURATION_MAX,
  DURATION_MIN,
  type Earn,
  ENVELOPES_MAX,
  FLAT_LIMIT_MAX,
  type Game,
  type GameIn,
  type GameKind,
  LABEL_MAX,
  type LimitMode,
  MINI_GAME_LANGUAGES,
  NAME_MAX,
  type PerLanguage,
  type PrizeIn,
  type PrizeKind,
  type Rain,
  type RainIn,
  VIP_LEVEL_MAX,
  WAGER_MULTIPLE_MAX,
} from './miniGamesApi';

// What is wrong with a field: an i18n key (under miniGames.problems) and what it says it with.
export interface FieldProblem {
  key: string;
  values?: Record<string, string>;
}
export type Problems = Record<string, FieldProblem>;
export type Checked<T> = { body: T } | { problems: Problems };

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

// A whole number in [min, max]; null for anything else.
export function wholeIn(value: string, min: number, max: number): number | null {
  const trimmed = value.trim();
  if (!/^-?\d{1,7}$/.test(trimmed)) return null;
  const number = Number(trimmed);
  return number >= min && number <= max ? number : null;
}

// Collects a form's problems while its body is read field by field.
class Reader {
  problems: Problems = {};

  fail(field: string, key: string, values?: Record<string, string>) {
    this.problems[field] ??= { key, values };
  }

  // An amount ("100", "100.5") sent as "100.50"; `zero` lets "0" through.
  amount(field: string, typed: string, zero = false): string {
    const value = typed.trim();
    if (!value) this.fail(field, 'required');
    else if (!amountOk(value, zero)) this.fail(field, zero ? 'amountOrZero' : 'amount');
    else return fromCents(parseCents(value)!);
    return '';
  }

  optionalAmount(field: string, typed: string): string | null {
    return typed.trim() ? this.amount(field, typed) : null;
  }

  whole(field: string, typed: string, min: number, max: number): number {
    const number = typed.trim() ? wholeIn(typed, min, max) : null;
    if (number === null) this.fail(field, typed.trim() ? 'whole' : 'required', { min: String(min), max: String(max) });
    return number ?? 0;
  }

  // Texts per language, only those written; English required.
  texts(field: string, texts: PerLanguage, max: number): PerLanguage {
    const out: PerLanguage = {};
    for (const [language, typed] of Object.entries(texts)) {
      const value = typed.trim();
      if (!value) continue;
      if ([...value].length > max) this.fail(`${field}.${language}`, 'tooLong', { max: String(max) });
      out[language] = value;
    }
    if (!out.EN) this.fail(`${field}.EN`, 'englishRequired');
    return out;
  }

  done<T>(body: T): Checked<T> {
    return Object.keys(this.problems).length > 0 ? { problems: this.problems } : { body };
  }
}

// Every language a form offers, filled with what is stored.
export const languageTexts = (stored: PerLanguage = {}): PerLanguage =>
  Object.fromEntries(
    [...MINI_GAME_LANGUAGES, ...Object.keys(stored).filter((code) => !MINI_GAME_LANGUAGES.includes(code))].map((code) => [
      code,
      stored[code] ?? '',
    ]),
  );

// A text in the reader's language, else English, else any.
export function textIn(texts: PerLanguage, language: string): string {
  const code = language.toUpperCase();
  return texts[code] || texts.EN || Object.values(texts).find(Boolean) || '';
}

// --- rains ---------------------------------------------------------------------------------------------------

export const VIP_LEVELS: readonly string[] = Array.from({ length: VIP_LEVEL_MAX + 1 }, (_, level) => String(level));

export interface RainForm {
  name: PerLanguage;
  enabled: boolean;
  dailyAt: string;
  durationSeconds: string;
  budget: string;
  envelopes: string;
  minAmount: string;
  wagerMultiple: string;
  limitMode: LimitMode;
  flatLimit: string;
  vipLimits: Record<string, string>; // level -> grabs, '' for a level without an entry of its own
}

export function rainForm(rain?: Rain): RainForm {
  const stored = rain?.vipLimits ?? {};
  return {
    name: languageTexts(rain?.name),
    enabled: rain?.enabled ?? true,
    dailyAt: rain?.dailyAt ?? '20:00',
    durationSeconds: text(rain?.durationSeconds ?? 60),
    budget: rain?.budget ?? '',
    envelopes: text(rain?.envelopes),
    minAmount: rain?.minAmount ?? '0.01',
    wagerMultiple: text(rain?.wagerMultiple ?? 0),
    limitMode: rain?.limitMode ?? 'FLAT',
    flatLimit: text(rain?.flatLimit ?? 1),
    vipLimits: Object.fromEntries(
      [...VIP_LEVELS, ...Object.keys(stored).filter((level) => !VIP_LEVELS.includes(level))].map((level) => [level, text(stored[level])]),
    ),
  };
}

const DAILY_AT = /^([01]\d|2[0-3]):[0-5]\d$/;

export function rainRequest(form: RainForm): Checked<RainIn> {
  const read = new Reader();
  const name = read.texts('name', form.name, NAME_MAX);
  const dailyAt = form.dailyAt.trim();
  if (!DAILY_AT.test(dailyAt)) read.fail('dailyAt', dailyAt ? 'time' : 'required');
  const budget = read.amount('budget', form.budget);
  const envelopes = read.whole('envelopes', form.envelopes, 1, ENVELOPES_MAX);
  const minAmount = read.amount('minAmount', form.minAmount);
  // Every envelope holds at least the minimum: the budget must cover them all.
  if (budget && minAmount && envelopes > 0) {
    const least = parseCents(minAmount)! * BigInt(envelopes);
    if (parseCents(budget)! < least) read.fail('budget', 'budgetTooSmall', { amount: fromCents(least) });
  }
  // The server keeps a flat limit under VIP too (1..1000): the one typed if it is one, else 1.
  let flatLimit = wholeIn(form.flatLimit, 1, FLAT_LIMIT_MAX) ?? 1;
  const vipLimits: Record<string, number> = {};
  if (form.limitMode === 'FLAT') flatLimit = read.whole('flatLimit', form.flatLimit, 1, FLAT_LIMIT_MAX);
  else {
    // 0: members of that level (and those above, up to the next entry) cannot grab.
    for (const [level, typed] of Object.entries(form.vipLimits)) {
      if (!typed.trim()) continue;
      vipLimits[level] = read.whole(`vipLimits.${level}`, typed, 0, FLAT_LIMIT_MAX);
    }
    // Level 0 is where every member starts: without its entry most members could not grab at all.
    if (!form.vipLimits['0']?.trim()) read.fail('vipLimits.0', 'levelZeroRequired');
  }
  return read.done<RainIn>({
    name,
    enabled: form.enabled,
    dailyAt,
    durationSeconds: read.whole('durationSeconds', form.durationSeconds, DURATION_MIN, DURATION_MAX),
    budget,
    envelopes,
    minAmount,
    wagerMultiple: read.whole('wagerMultiple', form.wagerMultiple, 0, WAGER_MULTIPLE_MAX),
    limitMode: form.limitMode,
    flatLimit,
    vipLimits,
  });
}

// --- prize games ---------------------------------------------------------------------------------------------

export const PPM = 1_000_000; // a whole table, in parts per million
const PROBABILITY = /^(\d{1,3})(?:\.(\d{1,4}))?$/;

// "12.5" (percent) -> 125000 parts per million; null when it is not a percentage with up to four decimals.
export function probabilityPpm(typed: string): number | null {
  const match = PROBABILITY.exec(typed.trim());
  if (!match) return null;
  const ppm = Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
  return ppm <= PPM ? ppm : null;
}

// 125000 -> "12.5": percent, no trailing zeros.
export function ppmPercent(ppm: number): string {
  const whole = Math.floor(ppm / 10_000);
  const fraction = String(ppm % 10_000).padStart(4, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

export interface PrizeForm {
  kind: PrizeKind;
  amount: string;
  value: string;
  wagerMultiple: string;
  label: PerLanguage;
  probability: string;
}

export interface GameForm {
  kind: GameKind;
  name: PerLanguage;
  enabled: boolean;
  perDeposit: string;
  perTurnover: string;
  perCheckin: string;
  prizes: PrizeForm[];
}

export const prizeForm = (prize?: PrizeIn): PrizeForm => ({
  kind: prize?.kind ?? 'MONEY',
  amount: prize?.amount ?? '',
  value: text(prize?.value),
  wagerMultiple: text(prize?.wagerMultiple ?? 0),
  label: languageTexts(prize?.label),
  probability: prize?.probability ?? '',
});

export const gameForm = (game?: Game): GameForm => ({
  kind: game?.kind ?? 'WHEEL',
  name: languageTexts(game?.name),
  enabled: game?.enabled ?? true,
  perDeposit: game?.earn.perDeposit ?? '',
  perTurnover: game?.earn.perTurnover ?? '',
  perCheckin: text(game?.earn.perCheckin ?? 0),
  prizes: game ? game.prizes.map(prizeForm) : [prizeForm(), prizeForm({ kind: 'NOTHING', amount: null, value: null, wagerMultiple: 0, label: {}, probability: '' })],
});

// The table's sum in parts per million, or null while a probability is not a percentage.
export function probabilitySum(prizes: readonly PrizeForm[]): number | null {
  let sum = 0;
  for (const prize of prizes) {
    const ppm = probabilityPpm(prize.probability);
    if (ppm === null) return null;
    sum += ppm;
  }
  return sum;
}

// What a play costs on average in money prizes alone (the form's preview: the server adds points at the
// brand's points-to-money ratio): sum of p x amount, rounded to the cent; null while the table is unreadable.
export function moneyCostPreview(prizes: readonly PrizeForm[]): string | null {
  let total = 0n; // cents x ppm
  for (const prize of prizes) {
    const ppm = probabilityPpm(prize.probability);
    if (ppm === null) return null;
    if (prize.kind !== 'MONEY') continue;
    const cents = amountOk(prize.amount) ? parseCents(prize.amount) : null;
    if (cents === null) return null;
    total += cents * BigInt(ppm);
  }
  return fromCents((total + BigInt(PPM / 2)) / BigInt(PPM));
}

export function gameRequest(form: GameForm): Checked<GameIn> {
  const read = new Reader();
  const earn: Earn = {
    perDeposit: read.optionalAmount('earn.perDeposit', form.perDeposit),
    perTurnover: read.optionalAmount('earn.perTurnover', form.perTurnover),
    perCheckin: read.whole('earn.perCheckin', form.perCheckin, 0, CHECKIN_PLAYS_MAX),
  };
  const prizes = form.prizes.map((prize, index): PrizeIn => {
    const at = `prizes.${index}`;
    const money = prize.kind === 'MONEY';
    const counted = prize.kind === 'POINTS' || prize.kind === 'TICKETS';
    const ppm = probabilityPpm(prize.probability);
    if (ppm === null) read.fail(`${at}.probability`, prize.probability.trim() ? 'probability' : 'required');
    return {
      kind: prize.kind,
      amount: money ? read.amount(`${at}.amount`, prize.amount) : null,
      value: counted ? read.whole(`${at}.value`, prize.value, 1, COUNT_MAX) : null,
      wagerMultiple: money ? read.whole(`${at}.wagerMultiple`, prize.wagerMultiple, 0, WAGER_MULTIPLE_MAX) : 0,
      label: read.texts(`${at}.label`, prize.label, LABEL_MAX),
      probability: ppm === null ? '' : ppmPercent(ppm),
    };
  });
  const sum = probabilitySum(form.prizes);
  if (sum !== null && sum !== PPM) read.fail('prizes', 'sum', { sum: ppmPercent(sum) });
  return read.done<GameIn>({ kind: form.kind, name: read.texts('name', form.name, NAME_MAX), enabled: form.enabled, earn, prizes });
}

// --- the server's refusals -----------------------------------------------------------------------------------

// The fields a VALIDATION_ERROR names, each marked as refused (the body's field names are the form's).
export function serverProblems(error: unknown): Problems | null {
  const fields = invalidFields(error);
  if (fields.length === 0) return null;
  const problems: Problems = {};
  for (const field of fields) problems[field.replace(/^body\./, '')] ??= { key: 'refused' };
  return problems;
}

// A session's start as datetime-local ("2026-12-14T20:00", the browser's zone) and back.
const pad = (n: number) => String(n).padStart(2, '0');
export function localInput(millis: number): string {
  const d = new Date(millis);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
export function fromLocalInput(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const millis = new Date(value).getTime();
  return Number.isNaN(millis) ? null : millis;
}
