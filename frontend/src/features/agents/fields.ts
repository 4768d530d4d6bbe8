// A refused form's field errors as the player reads them. The server answers VALIDATION_ERROR with
// value.fields[] in two shapes: the brand's register rules ({field, type, messageKey, min, max}) and the
// wire schema's own checks ({field, type: "string_too_short" | "missing" | ...}).
import { ApiError } from '../../api/client';
import type { FieldProblem } from '../../lib/formFields';

interface ServerField {
  field?: string | null;
  type?: string | null;
  messageKey?: string | null;
  min?: number | null;
  max?: number | null;
}

// The wire schema's lengths (server/agents/schemas.py), for a message that names them.
const LENGTHS: Record<string, string> = { username: '4-32', password: '6-32', nickname: '0-64' };

function range(f: ServerField): string | undefined {
  if (f.min != null && f.max != null) return f.min === f.max ? String(f.min) : `${f.min}-${f.max}`;
  return f.field ? LENGTHS[f.field] : undefined;
}

function problemOf(f: ServerField): FieldProblem {
  if (f.messageKey === 'inconsistent_twice') return { key: 'account.errors.inconsistentTwice' };
  const span = range(f);
  if (f.messageKey?.startsWith('reg_pattern_') && span) return { key: f.messageKey, values: { range: span } };
  if (f.type === 'missing' || f.type === 'required') return { key: 'account.errors.required' };
  if (f.type === 'not_allowed') return { key: 'agentCentre.register.errors.typeNotAllowed' };
  if ((f.type === 'string_too_short' || f.type === 'string_too_long' || f.type === 'length') && span)
    return { key: 'agentCentre.register.errors.length', values: { range: span } };
  return { key: 'agentCentre.register.errors.invalid' };
}

// The problems by field name, or null when the error is not about fields (then the page shows errorText).
export function fieldProblems(error: unknown): Record<string, FieldProblem> | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'USERNAME_TAKEN') return { username: { key: 'errors.USERNAME_TAKEN' } };
  if (error.code !== 'VALIDATION_ERROR') return null;
  const fields = (error.value as { fields?: ServerField[] } | null)?.fields ?? [];
  const found: Record<string, FieldProblem> = {};
  for (const f of fields) {
    // "body.username" from a nested location, or a rule's own name: the form's field is the last part.
    const name = f.field?.split('.').at(-1);
    if (name && !found[name]) found[name] = problemOf(f);
  }
  return Object.keys(found).length ? found : null;
}
