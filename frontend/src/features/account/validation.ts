// The registration rules the server sends (SPEC §3, §5), applied while the player types. The server
// checks the same rules again; this only spares a round trip.
import type { Schemas } from '../../api/client';
import type { FieldProblem } from '../../lib/formFields';

export type RegisterRule = Schemas['RegisterRuleOut'];

// "6-16", or "6" when min equals max (SPEC §5).
export function lengthRange(rule: Pick<RegisterRule, 'minLength' | 'maxLength'>): string {
  return rule.minLength === rule.maxLength ? String(rule.minLength) : `${rule.minLength}-${rule.maxLength}`;
}

export function hint(rule: RegisterRule): FieldProblem {
  return { key: `reg_pattern_${rule.patternId}`, values: { range: lengthRange(rule) } };
}

const compiled = new Map<string, RegExp | null>();

function expression(pattern: string): RegExp | null {
  if (pattern === '*') return null;
  let found = compiled.get(pattern);
  if (found === undefined) {
    found = new RegExp(pattern, 'u');
    compiled.set(pattern, found);
  }
  return found;
}

// Dates must also exist: 2023-02-29 has the shape of pattern 11 but is no day (as on the server).
const DATE_ORDER: Record<number, (parts: number[]) => [number, number, number]> = {
  11: ([y, mo, d]) => [y!, mo!, d!],
  13: ([mo, d, y]) => [y!, mo!, d!],
};

function dateExists(patternId: number, value: string): boolean {
  const order = DATE_ORDER[patternId];
  if (!order) return true;
  const [year, month, day] = order(value.split('-').map(Number));
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function matchesPattern(pattern: string, value: string, patternId?: number): boolean {
  const re = expression(pattern);
  if (re !== null && !re.test(value)) return false;
  return patternId === undefined || dateExists(patternId, value);
}

// The problem with one value under its rule, or null. The required message is the hint itself (SPEC §5).
export function checkField(rule: RegisterRule, raw: string | undefined, forceRequired = false): FieldProblem | null {
  const value = (raw ?? '').trim();
  if (!value) return rule.required || forceRequired ? hint(rule) : null;
  const length = [...value].length;
  if (length < rule.minLength || length > rule.maxLength) return hint(rule);
  if (!matchesPattern(rule.acceptedPattern, value, rule.patternId)) return hint(rule);
  return null;
}

export function checkConfirmation(password: string, confirmation: string): FieldProblem | null {
  if (!confirmation) return { key: 'account.errors.required' };
  return password === confirmation ? null : { key: 'account.errors.inconsistentTwice' };
}

export function ruleFor(rules: readonly RegisterRule[], field: string): RegisterRule | undefined {
  return rules.find((rule) => rule.field === field);
}
