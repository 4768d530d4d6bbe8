// What the feedback desk reads from the server's pushes, and its own words for the codes it knows.
import type { TFunction } from 'i18next';

import { problemText } from '../../i18n';
import { ConsoleError } from '../../transport';

export const FEEDBACK_PATH = '/feedback';

// The server's events to the desk's room (realtime/events.py CONSOLE_FEEDBACK, CONSOLE_APPLICATION).
export const FEEDBACK_EVENT = 'console:feedback';
export const APPLICATION_EVENT = 'console:application';

export interface DeskEvent {
  id: number;
  // An arrival has no status; a change (an answer, a new application status) carries the new one.
  arrival: boolean;
}

export function deskEventOf(payload: unknown): DeskEvent | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { id, status } = payload as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isInteger(id)) return null;
  return { id, arrival: status === undefined || status === null || status === 'OPEN' || status === 'NEW' };
}

// The codes the desk has words of its own for (feedback.errors.<CODE>).
// A feedback's or an application's "…_NOT_FOUND" reads as NOT_FOUND.
const OWN = ['FEEDBACK_ANSWERED', 'NOT_FOUND', 'VALIDATION_ERROR', 'CONFLICT'];

export function feedbackProblem(t: TFunction, error: unknown): string {
  if (!(error instanceof ConsoleError)) return problemText(t, error);
  const code = error.code.endsWith('_NOT_FOUND') && error.status === 404 ? 'NOT_FOUND' : error.code;
  return OWN.includes(code) ? t(`feedback.errors.${code}`) : problemText(t, error);
}

export const isAnsweredMeanwhile = (error: unknown) => error instanceof ConsoleError && error.code === 'FEEDBACK_ANSWERED';

// Times on the wire are milliseconds since 1970.
export const toIso = (millis: number) => new Date(millis).toISOString();
