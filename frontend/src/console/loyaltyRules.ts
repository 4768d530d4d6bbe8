// What the loyalty forms can tell before sending: each form as typed, the body it stands for (amounts and
// rates as two-decimal strings, an empty limit as null) and what is wrong with it, by the wire name of the
// field ("depositRequired", "cashbackRates.LIVE", "names.EN"), so that the form's own checks and the server's
// (VALIDATION_ERROR value.fields[].field) land in the same place. The server checks everything again.
import { fromCents, parseCents } from '../lib/money';
import { amountOk } from './grantsApi';
import { invalidFields } from './api';
import { imageUrlOk, wholeIn } from './components/promotions/rules';
import {
  CASHBACK_RATE_MAX,
  type CashbackConfig,
  type CashbackMode,
  COUNT_MAX,
  DESCRIPTION_MAX,
  type Emblem,
  GRACE_DAYS_MAX,
  LOYALTY_LANGUAGES,
  type MallCategory,
  type MallItem,
  type MallItemIn,
  ITEM_NAME_MAX,
  LEVEL_NAME_MAX,
  type PerLanguage,
  type PointsConfig,
  POINTS_RATE_MAX,
  RATE_CATEGORIES,
  type Rates,
  RATIO_MAX,
  REFERRAL_DAYS_MAX,
  SORT_MAX,
  type ReferralConfig,
  type VipLevel,
  type VipLevelIn,
  type VipSettings,
  WAGER_MULTIPLE_MAX,
  WINDOW_DAYS_MAX,
  WITHDRAWALS_MAX,
} from './loyaltyApi';

// What is wrong with a field: an i18n key (under loyalty.problems) and what it says it with.
export interface FieldProblem {
  key: string;
  values?: Record<string, string>;
}
export type Problems = Record<string, FieldProblem>;
export type Checked<T> = { body: T } | { problems: Problems };

const chars = (text: string) => [...text].length;

// Collects a form's problems while its body is read field by field.
class Reader {
  problems: Problems = {};

  fail(field: string, key: string, values?: Record<string, string>) {
    this.problems[field] ??= { key, values };
  }

  // An amount ("100", "100.5") sent as "100.50"; `zero` lets "0" through.
  amount(field: string, text: string, zero = true): string {
    const value = text.trim();
    if (!value) this.fail(field, 'required');
    else if (!amountOk(value, zero)) this.fail(field, zero ? 'amountOrZero' : 'amount');
    else return fromCents(parseCents(value)!);
    return '';
  }

  // An amount or, left empty, none (no limit).
  optionalAmount(field: string, text: string): string | null {
    return text.trim() ? this.amount(field, text, false) : null;
  }

  whole(field: string, text: string, min: number, max: number): number {
    const number = text.trim() ? wholeIn(text, min, max) : null;
    if (number === null) this.fail(field, text.trim() ? 'whole' : 'required', { min: String(min), max: String(max) });
    return number ?? 0;
  }

  optionalWhole(field: string, text: string, min: number, max: number): number | null {
    return text.trim() ? this.whole(field, text, min, max) : null;
  }

  // A rate per category, at most two decimals, from 0 to `max`.
  rates(field: string, rates: Rates, max: number): Rates {
    const out: Rates = {};
    for (const [category, text] of Object.entries(rates)) {
      const value = text.trim();
      const cents = amountOk(value, true) ? parseCents(value) : null;
      if (cents === null || cents > BigInt(max) * 100n) this.fail(`${field}.${category}`, 'rate', { max: String(max) });
      else out[category] = fromCents(cents);
    }
    return out;
  }

  // Texts per language, only those written; with `required`, at least one.
  texts(field: string, texts: PerLanguage, max: number, required: boolean): PerLanguage {
    const out: PerLanguage = {};
    for (const [language, text] of Object.entries(texts)) {
      const value = text.trim();
      if (!value) continue;
      if (chars(value) > max) this.fail(`${field}.${language}`, 'tooLong', { max: String(max) });
      out[language] = value;
    }
    if (required && Object.keys(out).length === 0) this.fail(field, 'nameRequired');
    return out;
  }

  done<T>(body: T): Checked<T> {
    return Object.keys(this.problems).length > 0 ? { problems: this.problems } : { body };
  }
}

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

// Every language a form offers, filled with what is stored.
export const languageTexts = (stored: PerLanguage = {}): PerLanguage =>
  Object.fromEntries([...LOYALTY_LANGUAGES, ...Object.keys(stored).filter((code) => !LOYALTY_LANGUAGES.includes(code))].map((code) => [code, stored[code] ?? '']));

// The categories a rates form shows: the usual six, then any other the server keeps.
export const rateCategories = (stored: Rates = {}): string[] => [
  ...RATE_CATEGORIES,
  ...Object.keys(stored).filter((category) => !RATE_CATEGORIES.includes(category)),
];

// A category the stored rates leave out earns none: "0.00".
export const ratesForm = (stored: Rates = {}): Rates =>
  Object.fromEntries(rateCategories(stored).map((category) => [category, stored[category] ?? '0.00']));

// A text (in the reader's language, else English, else any) of a per-language map.
export function textIn(texts: PerLanguage, language: string): string {
  const code = language.toUpperCase();
  return texts[code] || texts.EN || Object.values(texts).find(Boolean) || '';
}

// --- VIP ---------------------------------------------------------------------------------------------------

export interface LevelForm {
  names: PerLanguage;
  emblem: Emblem;
  depositRequired: string;
  turnoverRequired: string;
  upgradeBonus: string;
  monthlyBonus: string;
  birthdayBonus: string;
  wagerMultiple: string;
  cashbackRates: Rates;
  dailyWithdrawalCount: string;
  dailyWithdrawalAmount: string;
  vipChat: boolean;
}

// A stored level's form; a new level starts from the highest's perks with its names and thresholds to fill.
export function levelForm(level?: VipLevel, isNew = false): LevelForm {
  return {
    names: languageTexts(isNew ? {} : level?.names),
    emblem: level?.emblem ?? 'BRONZE',
    depositRequired: isNew ? '' : text(level?.depositRequired),
    turnoverRequired: isNew ? '' : text(level?.turnoverRequired),
    upgradeBonus: text(level?.upgradeBonus ?? '0.00'),
    monthlyBonus: text(level?.monthlyBonus ?? '0.00'),
    birthdayBonus: text(level?.birthdayBonus ?? '0.00'),
    wagerMultiple: text(level?.wagerMultiple ?? 1),
    cashbackRates: ratesForm(level?.cashbackRates),
    dailyWithdrawalCount: text(level?.dailyWithdrawalCount),
    dailyWithdrawalAmount: text(level?.dailyWithdrawalAmount),
    vipChat: level?.vipChat ?? false,
  };
}

const cents = (amount: string) => (amount ? parseCents(amount) : null);

// The level's body; its thresholds at least the level below's and at most the level above's (a member
// reaches the levels in order).
export function levelRequest(form: LevelForm, below?: VipLevel, above?: VipLevel): Checked<VipLevelIn> {
  const read = new Reader();
  const names = read.texts('names', form.names, LEVEL_NAME_MAX, true);
  const thresholds = (['depositRequired', 'turnoverRequired'] as const).map((field) => {
    const amount = read.amount(field, form[field]);
    const value = cents(amount);
    const low = below ? cents(below[field]) : null;
    const high = above ? cents(above[field]) : null;
    if (value !== null && low !== null && value < low) read.fail(field, 'belowLower', { amount: below![field] });
    if (value !== null && high !== null && value > high) read.fail(field, 'aboveHigher', { amount: above![field] });
    return amount;
  });
  const body: VipLevelIn = {
    names,
    emblem: form.emblem,
    depositRequired: thresholds[0]!,
    turnoverRequired: thresholds[1]!,
    upgradeBonus: read.amount('upgradeBonus', form.upgradeBonus),
    monthlyBonus: read.amount('monthlyBonus', form.monthlyBonus),
    birthdayBonus: read.amount('birthdayBonus', form.birthdayBonus),
    wagerMultiple: read.whole('wagerMultiple', form.wagerMultiple, 0, WAGER_MULTIPLE_MAX),
    cashbackRates: read.rates('cashbackRates', form.cashbackRates, CASHBACK_RATE_MAX),
    dailyWithdrawalCount: read.optionalWhole('dailyWithdrawalCount', form.dailyWithdrawalCount, 1, WITHDRAWALS_MAX),
    dailyWithdrawalAmount: read.optionalAmount('dailyWithdrawalAmount', form.dailyWithdrawalAmount),
    vipChat: form.vipChat,
  };
  return read.done(body);
}

export interface SettingsForm {
  windowDays: string;
  demote: boolean;
  graceDays: string;
}

export const settingsForm = (settings: VipSettings): SettingsForm => ({
  windowDays: text(settings.windowDays),
  demote: settings.demote,
  graceDays: text(settings.graceDays),
});

export function settingsRequest(form: SettingsForm): Checked<VipSettings> {
  const read = new Reader();
  return read.done({
    windowDays: read.whole('windowDays', form.windowDays, 1, WINDOW_DAYS_MAX),
    demote: form.demote,
    graceDays: read.whole('graceDays', form.graceDays, 0, GRACE_DAYS_MAX),
  });
}

// --- cashback, points, referral ------------------------------------------------------------------------------

export interface CashbackForm {
  mode: CashbackMode;
  minimum: string;
}

export const cashbackForm = (config: CashbackConfig): CashbackForm => ({ mode: config.mode, minimum: config.minimum });

export function cashbackRequest(form: CashbackForm): Checked<CashbackConfig> {
  const read = new Reader();
  return read.done({ mode: form.mode, minimum: read.amount('minimum', form.minimum) });
}

export interface PointsForm {
  ratio: string;
  minConvert: string;
  rates: Rates;
}

export const pointsForm = (config: PointsConfig): PointsForm => ({
  ratio: text(config.ratio),
  minConvert: text(config.minConvert),
  rates: ratesForm(config.rates),
});

export function pointsRequest(form: PointsForm): Checked<PointsConfig> {
  const read = new Reader();
  return read.done({
    ratio: read.whole('ratio', form.ratio, 1, RATIO_MAX),
    minConvert: read.whole('minConvert', form.minConvert, 1, COUNT_MAX),
    rates: read.rates('rates', form.rates, POINTS_RATE_MAX),
  });
}

export interface ReferralForm {
  enabled: boolean;
  reward: string;
  deposit: string;
  turnover: string;
  days: string;
  wagerMultiple: string;
}

export const referralForm = (config: ReferralConfig): ReferralForm => ({
  enabled: config.enabled,
  reward: config.reward,
  deposit: config.deposit,
  turnover: config.turnover,
  days: text(config.days),
  wagerMultiple: text(config.wagerMultiple),
});

export function referralRequest(form: ReferralForm): Checked<ReferralConfig> {
  const read = new Reader();
  return read.done({
    enabled: form.enabled,
    reward: read.amount('reward', form.reward, false),
    deposit: read.amount('deposit', form.deposit),
    turnover: read.amount('turnover', form.turnover),
    days: read.whole('days', form.days, 1, REFERRAL_DAYS_MAX),
    wagerMultiple: read.whole('wagerMultiple', form.wagerMultiple, 0, WAGER_MULTIPLE_MAX),
  });
}

// --- mall items ----------------------------------------------------------------------------------------------

export interface ItemForm {
  category: MallCategory;
  names: PerLanguage;
  descriptions: PerLanguage;
  imageUrl: string;
  points: string;
  amountRequired: string;
  value: string;
  stock: string;
  perMember: string;
  raffleId: string;
  active: boolean;
  sort: string;
}

export const itemForm = (item?: MallItem): ItemForm => ({
  category: item?.category ?? 'BONUS',
  names: languageTexts(item?.names),
  descriptions: languageTexts(item?.descriptions),
  imageUrl: item?.imageUrl ?? '',
  points: text(item?.points),
  amountRequired: item?.amountRequired ?? '0.00',
  value: text(item?.value),
  stock: text(item?.stock),
  perMember: text(item?.perMember),
  raffleId: text(item?.raffleId),
  active: item?.active ?? true,
  sort: text(item?.sort ?? 0),
});

// What an item's value is: money for bonus money, a count for free spins and raffle tickets, none for goods.
export const valueKind = (category: MallCategory): 'money' | 'count' | null =>
  category === 'BONUS' ? 'money' : category === 'GOODS' ? null : 'count';

export function itemRequest(form: ItemForm): Checked<MallItemIn> {
  const read = new Reader();
  const kind = valueKind(form.category);
  const imageUrl = form.imageUrl.trim();
  if (imageUrl && !imageUrlOk(imageUrl)) read.fail('imageUrl', 'url');
  // A count is sent as a string too ("10"): the server keeps value as text for every category.
  const value =
    kind === 'money'
      ? read.amount('value', form.value, false)
      : kind === 'count'
        ? String(read.whole('value', form.value, 1, COUNT_MAX))
        : null;
  return read.done<MallItemIn>({
    category: form.category,
    names: read.texts('names', form.names, ITEM_NAME_MAX, true),
    descriptions: read.texts('descriptions', form.descriptions, DESCRIPTION_MAX, false),
    imageUrl: imageUrl || null,
    points: read.whole('points', form.points, 1, COUNT_MAX),
    amountRequired: form.amountRequired.trim() ? read.amount('amountRequired', form.amountRequired) : '0.00',
    value,
    stock: read.optionalWhole('stock', form.stock, 0, COUNT_MAX),
    perMember: read.optionalWhole('perMember', form.perMember, 1, COUNT_MAX),
    raffleId: form.category === 'RAFFLE_TICKETS' ? read.whole('raffleId', form.raffleId, 1, 9_999_999) : null,
    active: form.active,
    sort: form.sort.trim() ? read.whole('sort', form.sort, 0, SORT_MAX) : 0,
  });
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
