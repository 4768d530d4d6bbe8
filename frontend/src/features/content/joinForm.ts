// The /join application's rules, as the server checks them (POST /wps/join/apply): the form says what is
// wrong before sending, and the server's answer stays the final word.
import type { FieldProblem } from '../../lib/formFields';
import { CONTACT_TYPES, JOIN_KINDS, type JoinApplication } from './api';

export const NAME_MAX = 60;
export const CONTACT_MAX = 120;
export const MESSAGE_MAX = 1000;

export type JoinField = 'kind' | 'name' | 'contactType' | 'contact' | 'message';
export type JoinProblems = Partial<Record<JoinField, FieldProblem>>;

export interface JoinDraft {
  kind: string;
  name: string;
  contactType: string;
  contact: string;
  message: string;
}

export const EMPTY_JOIN: JoinDraft = { kind: 'AFFILIATE', name: '', contactType: 'MOBILE', contact: '', message: '' };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9][0-9 ()-]{4,19}$/;

export function joinProblems(draft: JoinDraft): JoinProblems {
  const problems: JoinProblems = {};
  const name = draft.name.trim();
  const contact = draft.contact.trim();
  if (!(JOIN_KINDS as readonly string[]).includes(draft.kind)) problems.kind = { key: 'join.errors.kind' };
  if (!name) problems.name = { key: 'join.errors.required' };
  else if (name.length > NAME_MAX) problems.name = { key: 'join.errors.tooLong', values: { max: NAME_MAX } };
  if (!(CONTACT_TYPES as readonly string[]).includes(draft.contactType)) {
    problems.contactType = { key: 'join.errors.contactType' };
  }
  if (!contact) problems.contact = { key: 'join.errors.required' };
  else if (contact.length > CONTACT_MAX) problems.contact = { key: 'join.errors.tooLong', values: { max: CONTACT_MAX } };
  else if (draft.contactType === 'EMAIL' && !EMAIL.test(contact)) problems.contact = { key: 'join.errors.email' };
  else if (draft.contactType === 'MOBILE' && !PHONE.test(contact)) problems.contact = { key: 'join.errors.mobile' };
  if (draft.message.trim().length > MESSAGE_MAX) {
    problems.message = { key: 'join.errors.tooLong', values: { max: MESSAGE_MAX } };
  }
  return problems;
}

// The body sent, once joinProblems found nothing.
export function toApplication(draft: JoinDraft): JoinApplication {
  return {
    kind: draft.kind as JoinApplication['kind'],
    name: draft.name.trim(),
    contactType: draft.contactType as JoinApplication['contactType'],
    contact: draft.contact.trim(),
    message: draft.message.trim(),
  };
}
