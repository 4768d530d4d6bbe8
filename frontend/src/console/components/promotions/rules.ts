// What the promotion form can tell before sending: the server's rules (server/promotions/schemas.py PromotionIn,
// kinds.py ParamsIn and parse) repeated, so that a mistake is shown at its field rather than as a refusal;
// the body the form stands for (only the kind's own parameters, amounts as decimal strings); what a
// promotion costs at most per member, and what its wagering asks, as the form is filled. The server checks
// everything again; a field it refuses (VALIDATION_ERROR value.fields[].field, "params.cap") is shown at
// that field too (serverProblems).
//
// Problems are kept by the wire name of their field ("startsAt", "params.cap", "params.rewards.2",
// "params.tiers.1" for a tier out of order, "params.tiers.1.reward"), so that the form's own checks and the
// server's land in the same place.
import { formatMoney, fromCents, parseCents } from '../../../lib/money';
import type { Texts } from '../../contentApi';
import { amountOk } from '../../grantsApi';
import {
  CLAIM_DAYS_MAX,
  type ClaimMode,
  DEPOSIT_KINDS,
  EXPIRY_DAYS_MAX,
  IMAGE_URL_MAX,
  type ParamsIn,
  PERCENT_MAX,
  PERCENT_MIN,
  type PromotionAdmin,
  type PromotionCategory,
  type PromotionIn,
  type PromotionKind,
  type PromotionState,
  PERIODIC_KINDS,
  REBATE_PERCENT_MAX,
  type ReloadPeriod,
  type RewardTier,
  SORT_ORDER_MAX,
  STREAK_DAYS_MAX,
  TIERS_MAX,
  WAGER_MULTIPLE_MAX,
  type WagerBase,
} from '../../promotionsApi';
import { ConsoleError } from '../../transport';
import { charCount, localToUtc, utcToLocal } from '../brand/rules';
import { emptyTexts, type TextProblem, textsPayload } from '../content/rules';
import { APPLICATION_FIELDS, applicationParams } from './applicationRules';
import { RAFFLE_FIELDS, raffleCost, raffleExampleBonus, raffleFieldKey, type RaffleForm, raffleForm, raffleParams } from './raffleRules';
import { type MissionForm, missionCost, missionExampleBonus, missionFieldKey, missionForm, MISSION_FIELDS, missionParams } from './missionRules';

export interface PromotionForm {
  kind: PromotionKind;
  category: PromotionCategory;
  start: string; // datetime-local, the browser's zone
  end: string;
  sortOrder: string;
  imageUrl: string;
  texts: Texts;
  // The kinds' parameters, as typed; only the kind's own are sent.
  amount: string;
  percent: string;
  cap: string;
  minDeposit: string;
  claimMode: ClaimMode;
  claimDays: string;
  period: ReloadPeriod | ''; // '': not chosen yet (a new turnover tier or loss rebate)
  onePerAddress: boolean;
  rewards: string[];
  tiers: RewardTier[];
  minLoss: string;
  wagerMultiple: string;
  wagerBase: WagerBase;
  maxStake: string;
  expiryDays: string;
  mission: MissionForm; // MISSION: its period, tasks and leaderboard
  raffle: RaffleForm; // RAFFLE: its tickets and prizes
}

// Field (wire name) -> i18n key of what is wrong with it.
export type Problems = Record<string, string>;

export interface FormProblems {
  problems: Problems;
  textProblems: TextProblem[];
}

export const isDepositKind = (kind: PromotionKind) => DEPOSIT_KINDS.includes(kind);
// Counted over a period from the bet records: turnover tiers and loss rebates.
export const isPeriodicKind = (kind: PromotionKind) => PERIODIC_KINDS.includes(kind);
// The kinds whose form asks for a period.
export const hasPeriod = (kind: PromotionKind) => kind === 'RELOAD' || isPeriodicKind(kind);
// What is wrong with a percentage out of the kind's bounds (of a deposit 1..500, of a net loss 1..100).
const percentKey = (kind: PromotionKind) =>
  kind === 'LOSS_REBATE' ? 'promotions.form.badRebatePercent' : 'promotions.form.badPercent';

// The category a new promotion of each kind starts in.
export const DEFAULT_CATEGORY: Record<PromotionKind, PromotionCategory> = {
  SIGNUP: 'NEW_MEMBER',
  FIRST_DEPOSIT: 'DEPOSIT',
  RELOAD: 'DEPOSIT',
  CHECKIN: 'DAILY',
  TURNOVER_TIERS: 'CASINO',
  LOSS_REBATE: 'CASINO',
  MISSION: 'DAILY',
  RAFFLE: 'OTHER',
  APPLICATION: 'OTHER',
};

// The period a new promotion of the kind starts with: a reload's is once a day; a turnover tier's or a loss
// rebate's is what its cost is counted over, so it is left for the staff member to choose.
const defaultPeriod = (kind: PromotionKind): ReloadPeriod | '' => (isPeriodicKind(kind) || kind === 'APPLICATION' ? '' : 'DAILY');

const emptyTier = (): RewardTier => ({ turnover: '', reward: '' });

const text = (value: string | number | null | undefined, otherwise = '') =>
  value === null || value === undefined ? otherwise : String(value);

// The form of a stored promotion, or of a new one of `kind` (the server's defaults where it has some; the
// amounts and the wagering multiple left for the staff member to choose).
export function promotionForm(kind: PromotionKind, promotion?: PromotionAdmin): PromotionForm {
  const params = promotion?.params;
  const rewards = params?.rewards?.length ? [...params.rewards] : [''];
  const tiers = params?.tiers?.length ? params.tiers.map((tier) => ({ ...tier })) : [emptyTier()];
  return {
    kind: promotion?.kind ?? kind,
    category: promotion?.category ?? DEFAULT_CATEGORY[kind],
    start: utcToLocal(promotion?.startsAt),
    end: utcToLocal(promotion?.endsAt),
    sortOrder: String(promotion?.sortOrder ?? 0),
    imageUrl: promotion?.imageUrl ?? '',
    texts: emptyTexts(promotion?.texts),
    amount: text(params?.amount),
    percent: text(params?.percent),
    cap: text(params?.cap),
    minDeposit: text(params?.minDeposit),
    claimMode: params?.claimMode ?? 'AFTER',
    claimDays: text(params?.claimDays, '7'),
    period: params?.period ?? defaultPeriod(promotion?.kind ?? kind),
    onePerAddress: params?.onePerAddress ?? false,
    rewards,
    tiers,
    minLoss: text(params?.minLoss),
    wagerMultiple: promotion ? text(params?.wagerMultiple) : '',
    wagerBase: params?.wagerBase ?? 'BONUS',
    maxStake: text(params?.maxStake),
    expiryDays: text(params?.expiryDays, '30'),
    mission: missionForm(params),
    raffle: raffleForm(params),
  };
}

// A new promotion's kind changed: its category and period follow when they were still the old kind's
// defaults.
export function withKind(form: PromotionForm, kind: PromotionKind): PromotionForm {
  const category = form.category === DEFAULT_CATEGORY[form.kind] ? DEFAULT_CATEGORY[kind] : form.category;
  const period = form.period === defaultPeriod(form.kind) ? defaultPeriod(kind) : form.period;
  return { ...form, kind, category, period };
}

// The fields the form shows for a kind (where a problem can be shown beside its field).
export function fieldsOf(kind: PromotionKind): string[] {
  const deposit = ['params.percent', 'params.cap', 'params.minDeposit', 'params.claimMode', 'params.claimDays'];
  const own: Record<PromotionKind, string[]> = {
    SIGNUP: ['params.amount'],
    FIRST_DEPOSIT: [...deposit, 'params.onePerAddress', 'params.wagerBase'],
    RELOAD: [...deposit, 'params.period', 'params.onePerAddress', 'params.wagerBase'],
    CHECKIN: ['params.rewards'],
    TURNOVER_TIERS: ['params.period', 'params.tiers', 'params.claimDays'],
    LOSS_REBATE: ['params.period', 'params.percent', 'params.cap', 'params.minLoss', 'params.claimDays'],
    MISSION: [...MISSION_FIELDS],
    RAFFLE: [...RAFFLE_FIELDS],
    APPLICATION: [...APPLICATION_FIELDS],
  };
  return [
    'category',
    'startsAt',
    'endsAt',
    'sortOrder',
    'imageUrl',
    'texts',
    ...own[kind],
    'params.wagerMultiple',
    'params.maxStake',
    'params.expiryDays',
  ];
}

// Whether a problem's field is one the form shows (a reward row counts as the rewards', a tier row or its
// amounts as the tiers').
export function placed(kind: PromotionKind, field: string): boolean {
  const shown = fieldsOf(kind);
  const row = /^(params\.(?:rewards|tiers))\.\d+(\.(turnover|reward))?$/.exec(field);
  return shown.includes(field) || (row !== null && shown.includes(row[1]!));
}

// A whole number in [min, max]; null for anything else.
export function wholeIn(value: string, min: number, max: number): number | null {
  const trimmed = value.trim();
  if (!/^-?\d{1,7}$/.test(trimmed)) return null;
  const number = Number(trimmed);
  return number >= min && number <= max ? number : null;
}

// The server's pattern for a picture's address: http(s) or a path on the site, nothing that breaks out of
// an attribute.
const IMAGE_URL = /^(https?:\/\/|\/)[^\s<>"']*$/;

export function imageUrlOk(url: string): boolean {
  return IMAGE_URL.test(url) && charCount(url) <= IMAGE_URL_MAX;
}

export function promotionRequest(form: PromotionForm): { body: PromotionIn } | FormProblems {
  const problems: Problems = {};
  let textProblems: TextProblem[] = [];

  let startsAt: string | null = null;
  if (!form.start) problems.startsAt = 'promotions.form.startRequired';
  else {
    startsAt = localToUtc(form.start);
    if (!startsAt) problems.startsAt = 'promotions.form.badTime';
  }
  let endsAt: string | null = null;
  if (form.end) {
    endsAt = localToUtc(form.end);
    if (!endsAt) problems.endsAt = 'promotions.form.badTime';
    else if (startsAt && Date.parse(endsAt) <= Date.parse(startsAt)) problems.endsAt = 'promotions.form.endBeforeStart';
  }
  const sortOrder = form.sortOrder.trim() === '' ? 0 : wholeIn(form.sortOrder, -SORT_ORDER_MAX, SORT_ORDER_MAX);
  if (sortOrder === null) problems.sortOrder = 'promotions.form.badSortOrder';
  const imageUrl = form.imageUrl.trim();
  if (imageUrl && !imageUrlOk(imageUrl)) problems.imageUrl = 'promotions.form.badUrl';

  const texts = textsPayload(form.texts, true);
  if ('problems' in texts) {
    if (texts.none) problems.texts = 'content.texts.noneWritten';
    textProblems = texts.problems;
  }

  // An amount above zero, as the server takes it ("100", "100.50").
  const amount = (field: string, value: string): string | undefined => {
    const trimmed = value.trim();
    if (amountOk(trimmed)) return trimmed;
    problems[`params.${field}`] = trimmed ? 'promotions.form.badAmount' : 'promotions.form.amountRequired';
    return undefined;
  };
  const whole = (field: string, value: string, min: number, max: number, key: string): number | undefined => {
    const number = wholeIn(value, min, max);
    if (number === null) problems[`params.${field}`] = key;
    return number ?? undefined;
  };

  const params: Partial<ParamsIn> = {};
  if (form.kind === 'SIGNUP') {
    params.amount = amount('amount', form.amount);
  } else if (isDepositKind(form.kind)) {
    params.percent = whole('percent', form.percent, PERCENT_MIN, PERCENT_MAX, 'promotions.form.badPercent');
    params.cap = amount('cap', form.cap);
    params.minDeposit = amount('minDeposit', form.minDeposit);
    params.claimMode = form.claimMode;
    params.claimDays = whole('claimDays', form.claimDays, 1, CLAIM_DAYS_MAX, 'promotions.form.badClaimDays');
    params.onePerAddress = form.onePerAddress;
  } else if (form.kind === 'CHECKIN') {
    if (form.rewards.length === 0 || form.rewards.length > STREAK_DAYS_MAX) {
      problems['params.rewards'] = 'promotions.form.rewardsCount';
    }
    params.rewards = form.rewards.map((reward, day) => amount(`rewards.${day}`, reward) ?? '');
  } else if (form.kind === 'APPLICATION') {
    Object.assign(params, applicationParams(form, amount));
  } else if (form.kind === 'RAFFLE') {
    if (!form.end) problems.endsAt = 'promotions.raffle.endRequired';
    Object.assign(params, raffleParams(form.raffle, problems));
    params.claimDays = whole('claimDays', form.claimDays, 1, CLAIM_DAYS_MAX, 'promotions.form.badClaimDays');
  } else if (form.kind === 'MISSION') {
    Object.assign(params, missionParams(form.mission, problems));
  } else {
    if (form.kind === 'TURNOVER_TIERS') {
      params.tiers = tiersOf(form.tiers, amount, problems);
    } else {
      params.percent = whole('percent', form.percent, PERCENT_MIN, REBATE_PERCENT_MAX, percentKey(form.kind));
      params.cap = amount('cap', form.cap);
      params.minLoss = amount('minLoss', form.minLoss);
    }
    params.claimDays = whole('claimDays', form.claimDays, 1, CLAIM_DAYS_MAX, 'promotions.form.badClaimDays');
  }
  if (hasPeriod(form.kind)) {
    if (form.period) params.period = form.period;
    else problems['params.period'] = 'promotions.form.periodRequired';
  }
  params.wagerMultiple = whole('wagerMultiple', form.wagerMultiple, 0, WAGER_MULTIPLE_MAX, 'promotions.form.badWagerMultiple');
  if (isDepositKind(form.kind)) params.wagerBase = form.wagerBase;
  const maxStake = form.maxStake.trim();
  if (maxStake) params.maxStake = amount('maxStake', maxStake);
  params.expiryDays = whole('expiryDays', form.expiryDays, 1, EXPIRY_DAYS_MAX, 'promotions.form.badExpiryDays');

  if (Object.keys(problems).length > 0 || textProblems.length > 0 || 'problems' in texts) {
    return { problems, textProblems };
  }
  return {
    body: {
      kind: form.kind,
      category: form.category,
      startsAt: startsAt!,
      endsAt,
      sortOrder: sortOrder ?? 0,
      imageUrl: imageUrl || null,
      texts: texts.texts,
      params: params as ParamsIn,
    },
  };
}

// An amount above zero in cents, or null.
const cents = (value: string): bigint | null => (amountOk(value.trim()) ? parseCents(value.trim()) : null);

// The tiers as sent, each amount checked at its own field ("params.tiers.1.reward"), and each tier with more
// turnover and a bigger reward than the one before it, as the server asks ("params.tiers.1": out of order).
function tiersOf(
  tiers: RewardTier[],
  amount: (field: string, value: string) => string | undefined,
  problems: Problems,
): RewardTier[] {
  if (tiers.length === 0 || tiers.length > TIERS_MAX) problems['params.tiers'] = 'promotions.form.tiersCount';
  const sent = tiers.map((tier, row) => ({
    turnover: amount(`tiers.${row}.turnover`, tier.turnover) ?? '',
    reward: amount(`tiers.${row}.reward`, tier.reward) ?? '',
  }));
  // Compared with the row before only where both rows' amounts are right (a wrong one is marked already).
  const figures = sent.map((tier) => ({ turnover: cents(tier.turnover), reward: cents(tier.reward) }));
  figures.forEach(({ turnover, reward }, row) => {
    const before = figures[row - 1];
    if (!before || turnover === null || reward === null || before.turnover === null || before.reward === null) return;
    if (turnover <= before.turnover || reward <= before.reward) problems[`params.tiers.${row}`] = 'promotions.form.tierOrder';
  });
  return sent;
}

// --- the server's refusals at their fields ---------------------------------------------------------------

// What each field's refusal says: the rule the form checks for it.
const FIELD_KEYS: Record<string, string> = {
  startsAt: 'promotions.form.badTime',
  endsAt: 'promotions.form.endBeforeStart',
  sortOrder: 'promotions.form.badSortOrder',
  imageUrl: 'promotions.form.badUrl',
  'params.amount': 'promotions.form.badAmount',
  'params.cap': 'promotions.form.badAmount',
  'params.minDeposit': 'promotions.form.badAmount',
  'params.maxStake': 'promotions.form.badAmount',
  'params.percent': 'promotions.form.badPercent',
  'params.minLoss': 'promotions.form.badAmount',
  'params.claimDays': 'promotions.form.badClaimDays',
  'params.period': 'promotions.form.periodRequired',
  'params.wagerMultiple': 'promotions.form.badWagerMultiple',
  'params.expiryDays': 'promotions.form.badExpiryDays',
  'params.rewards': 'promotions.form.rewardsCount',
  'params.tiers': 'promotions.form.tiersCount',
};

function fieldKey(field: string, kind: PromotionKind | undefined): string {
  const mission = missionFieldKey(field);
  if (mission) return mission;
  const raffle = raffleFieldKey(field);
  if (raffle) return raffle;
  if (field === 'endsAt' && kind === 'RAFFLE') return 'promotions.raffle.endRequired';
  if (/^params\.(rewards\.\d+|tiers\.\d+\.(turnover|reward))$/.test(field)) return 'promotions.form.badAmount';
  if (/^params\.tiers\.\d+$/.test(field)) return 'promotions.form.tierOrder';
  if (field === 'params.percent' && kind) return percentKey(kind);
  return FIELD_KEYS[field] ?? 'promotions.form.refused';
}

// The problems a refusal names: VALIDATION_ERROR's fields ("params.cap", "texts.EN.title"), or the languages
// LANGUAGE_UNSUPPORTED names; null for any other failure (said as a whole). The kind picks the words of a
// refused percentage (a deposit's 1..500, a rebate's 1..100).
export function serverProblems(error: unknown, kind?: PromotionKind): FormProblems | null {
  if (!(error instanceof ConsoleError)) return null;
  const value = (error.value ?? {}) as { fields?: { field?: unknown }[]; languages?: unknown };
  if (error.code === 'LANGUAGE_UNSUPPORTED') {
    const languages = Array.isArray(value.languages) ? value.languages.filter((code) => typeof code === 'string') : [];
    return {
      problems: {},
      textProblems: languages.map((language: string) => ({
        language,
        field: 'title',
        key: 'promotions.form.languageRefused',
      })),
    };
  }
  if (error.code !== 'VALIDATION_ERROR' || !Array.isArray(value.fields)) return null;
  const problems: Problems = {};
  const textProblems: TextProblem[] = [];
  for (const entry of value.fields) {
    const field = typeof entry?.field === 'string' ? entry.field : '';
    if (!field) continue;
    const inText = /^texts\.([^.]+)\.(title|content)$/.exec(field);
    if (inText) {
      textProblems.push({ language: inText[1]!, field: inText[2] as 'title' | 'content', key: 'promotions.form.textRefused' });
    } else if (field.startsWith('texts')) problems.texts ??= 'promotions.form.refused';
    else problems[field] ??= fieldKey(field, kind);
  }
  if (Object.keys(problems).length === 0 && textProblems.length === 0) return null;
  return { problems, textProblems };
}

// --- what it costs and what it asks ----------------------------------------------------------------------

// The highest tier's reward (what the most turnover pays), or null while a reward is missing or wrong.
function topReward(tiers: RewardTier[]): bigint | null {
  const rewards = tiers.map((tier) => cents(tier.reward));
  if (rewards.length === 0 || rewards.some((reward) => reward === null)) return null;
  return rewards.reduce<bigint>((top, reward) => (reward! > top ? reward! : top), 0n);
}

// The most one member can receive a period, in the server's way (kinds.most_per_member): a sign-up bonus's
// amount, a deposit bonus's or a loss rebate's cap, a check-in's rewards over one streak, the highest turnover
// tier's reward. Null until the amounts are there.
export function expectedCost(form: PromotionForm): string | null {
  if (form.kind === 'MISSION') return missionCost(form.mission);
  if (form.kind === 'RAFFLE') return raffleCost(form.raffle);
  if (form.kind === 'SIGNUP' || form.kind === 'APPLICATION') {
    const amount = cents(form.amount);
    return amount === null ? null : fromCents(amount);
  }
  if (isDepositKind(form.kind) || form.kind === 'LOSS_REBATE') {
    const cap = cents(form.cap);
    return cap === null ? null : fromCents(cap);
  }
  if (form.kind === 'TURNOVER_TIERS') {
    const top = topReward(form.tiers);
    return top === null ? null : fromCents(top);
  }
  const rewards = form.rewards.map(cents);
  if (rewards.length === 0 || rewards.some((reward) => reward === null)) return null;
  return fromCents(rewards.reduce<bigint>((sum, reward) => sum + reward!, 0n));
}

export interface WagerExample {
  bonus: string; // formatted, e.g. "100.00"
  deposit: string | null; // the deposit that earns it, when the turnover counts it too
  turnover: string;
}

const EXAMPLE_BONUS = 10_000n; // 100.00, while the form has no amount of its own yet

// The bonus a kind's wagering example is of: the sign-up amount, a deposit bonus's or a loss rebate's cap,
// the highest turnover tier's reward, a check-in's first day's reward; null while it is not given.
function exampleBonus(form: PromotionForm): bigint | null {
  if (form.kind === 'MISSION') return missionExampleBonus(form.mission);
  if (form.kind === 'RAFFLE') return raffleExampleBonus(form.raffle);
  if (form.kind === 'SIGNUP' || form.kind === 'APPLICATION') return cents(form.amount);
  if (isDepositKind(form.kind) || form.kind === 'LOSS_REBATE') return cents(form.cap);
  if (form.kind === 'TURNOVER_TIERS') return topReward(form.tiers);
  return cents(form.rewards[0] ?? '');
}

// What the wagering asks of one bonus, in the server's way (kinds.requirement): the multiple times the
// bonus, or times deposit plus bonus (turnover tiers and loss rebates always wager the bonus alone). The
// example bonus is the kind's own (exampleBonus), else 100.00; a deposit bonus's deposit is the smallest that
// earns the whole cap. "none": no wagering at all; null: the multiple (or the percent it needs) is not given yet.
export function wagerExample(form: PromotionForm): WagerExample | 'none' | null {
  const multiple = wholeIn(form.wagerMultiple, 0, WAGER_MULTIPLE_MAX);
  if (multiple === null) return null;
  if (multiple === 0) return 'none';
  const bonus = exampleBonus(form) ?? EXAMPLE_BONUS;
  let deposit: bigint | null = null;
  if (isDepositKind(form.kind) && form.wagerBase === 'DEPOSIT_PLUS_BONUS') {
    const percent = wholeIn(form.percent, PERCENT_MIN, PERCENT_MAX);
    if (percent === null) return null;
    const earning = (bonus * 100n + BigInt(percent) - 1n) / BigInt(percent); // rounded up to the cent
    const least = cents(form.minDeposit) ?? 0n;
    deposit = earning > least ? earning : least;
  }
  const turnover = (bonus + (deposit ?? 0n)) * BigInt(multiple);
  return {
    bonus: formatMoney(fromCents(bonus)),
    deposit: deposit === null ? null : formatMoney(fromCents(deposit)),
    turnover: formatMoney(fromCents(turnover)),
  };
}

// --- the list --------------------------------------------------------------------------------------------

// What staff may do to a promotion in its state: pause a scheduled or running one, resume a paused one, end
// either for good; an ended one (by hand or by its schedule) takes none of them.
export function switchesFor(state: PromotionState): ('pause' | 'resume' | 'end')[] {
  if (state === 'ENDED') return [];
  return state === 'PAUSED' ? ['resume', 'end'] : ['pause', 'end'];
}

// The codes the section has words of its own for (promotions.errors.<CODE>).
export const PROMOTION_CODES: readonly string[] = [
  'PROMOTION_NOT_FOUND',
  'PROMOTION_KIND_FIXED',
  'PROMOTION_CLOSED',
  'LANGUAGE_UNSUPPORTED',
  'VALIDATION_ERROR',
];

export function promotionCode(error: unknown): string | null {
  return error instanceof ConsoleError && PROMOTION_CODES.includes(error.code) ? error.code : null;
}

// Gone or closed under the console (someone else ended it): the list is read again.
export const isStale = (error: unknown) =>
  error instanceof ConsoleError && (error.status === 404 || error.code === 'PROMOTION_CLOSED');
