// What the support desk decides without React: merging messages by seq, reading the server's pushes, the
// waiting time as a staff member reads it, the canned shortcut being typed, and its own words for the codes
// it knows.
import type { TFunction } from 'i18next';

import { problemText } from '../../i18n';
import { type Canned, type ChatMessage, type Desk, type DeskConversation, QUEUES, type Side } from '../../supportApi';
import { ConsoleError } from '../../transport';

export const SUPPORT_PATH = '/support';

// The server's pushes (realtime/chat.py) and the rooms of one conversation.
export const DESK_EVENT = 'console:chat';
export const MESSAGE_EVENT = 'chat:message';
export const TYPING_EVENT = 'chat:typing';
export const READ_EVENT = 'chat:read';
export const ASSIGNED_EVENT = 'chat:assigned';
export const CLOSED_EVENT = 'chat:closed';
export const roomsOf = (id: number) => [`conversation:${id}`, `conversation:${id}:staff`];

// The codes a SYSTEM message carries in its text.
export const SYSTEM_CODES: readonly string[] = ['ASSIGNED', 'TRANSFERRED', 'CLOSED'];

export const HEARTBEAT_MS = 30_000;
export const TYPING_SHOWN_MS = 6_000; // a player's "typing" without news fades after this
export const TYPING_SENT_MS = 3_000; // our own "typing" is said again at most this often, and ended after it

// Messages in seq order, each seq once: what arrives (an answer, a push, a catch-up read) is merged into what
// is there; the newer copy of a seq wins.
export function mergeBySeq(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current as ChatMessage[];
  const bySeq = new Map<number, ChatMessage>();
  for (const message of current) bySeq.set(message.seq, message);
  for (const message of incoming) bySeq.set(message.seq, message);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

export const highestSeq = (messages: readonly ChatMessage[]) => messages.reduce((top, m) => Math.max(top, m.seq), 0);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

export function messageOf(payload: unknown): ChatMessage | null {
  if (!isObject(payload) || !isInt(payload.conversationId) || !isInt(payload.seq)) return null;
  if (typeof payload.text !== 'string' || typeof payload.side !== 'string' || typeof payload.kind !== 'string') return null;
  return payload as unknown as ChatMessage;
}

export interface ConversationSignal {
  conversationId: number;
  side?: Side;
  typing?: boolean;
  seq?: number;
  status?: string;
  staff?: { id: number; name: string } | null;
}

// A typing / read / assigned / closed push, or null for what is not one.
export function signalOf(payload: unknown): ConversationSignal | null {
  if (!isObject(payload) || !isInt(payload.conversationId)) return null;
  return payload as unknown as ConversationSignal;
}

// A desk push about a player's message (console:chat with `message`): what a desk row shows of it.
export interface DeskMessageNews {
  conversationId: number;
  seq: number;
  side: Side;
  lastText: string;
  at: number;
}

export function deskMessageOf(payload: unknown): DeskMessageNews | null {
  if (!isObject(payload) || !isInt(payload.conversationId) || !isObject(payload.message)) return null;
  const { seq, side, lastText, at } = payload.message;
  if (!isInt(seq) || typeof side !== 'string' || typeof lastText !== 'string' || !isInt(at)) return null;
  return { conversationId: payload.conversationId, seq, side: side as Side, lastText, at };
}

// The desk with a player's message mended into the rows that list its conversation, or null when no row
// does (the desk is then read again). A row already past that seq is left alone: the news came late. The
// conversation on screen (`shownId`) is being read: its unread count does not grow.
export function withDeskMessage(desk: Desk, news: DeskMessageNews, shownId: number | null): Desk | null {
  let found = false;
  const mend = (list: DeskConversation[]) =>
    list.map((row) => {
      if (row.id !== news.conversationId) return row;
      found = true;
      if (row.lastSeq >= news.seq) return row;
      return {
        ...row,
        lastSeq: news.seq,
        lastText: news.lastText,
        lastAt: news.at,
        unread: row.id === shownId ? 0 : row.unread + (news.side === 'PLAYER' && row.staffReadSeq < news.seq ? 1 : 0),
      };
    });
  const mended: Desk = {
    ...desk,
    queues: Object.fromEntries(QUEUES.map((q) => [q, mend(desk.queues[q])])) as Desk['queues'],
    mine: mend(desk.mine),
    live: mend(desk.live),
  };
  return found ? mended : null;
}

// A client id for a send: 8..64 of [A-Za-z0-9_-]; the same id is sent again on every retry.
export function newClientId(): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID().replace(/-/g, '')
      : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  return `cs-${random}`.slice(0, 40);
}

// Whether a failed send is worth sending again (the link, the server busy), rather than refused for good.
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ConsoleError)) return true;
  return error.code === 'NETWORK_ERROR' || error.code === 'TOO_MANY_REQUEST' || error.status === 0 || error.status >= 500;
}

// The wait before the n-th retry: 1, 2, 4, 8, then every 15 seconds.
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 15_000);

// "< 1 min", "3 min", "2 h 5 min".
export function waitingText(t: TFunction, seconds: number): string {
  const minutes = Math.floor(Math.max(seconds, 0) / 60);
  if (minutes < 1) return t('support.wait.now');
  if (minutes < 60) return t('support.wait.minutes', { n: String(minutes) });
  return t('support.wait.hours', { h: String(Math.floor(minutes / 60)), m: String(minutes % 60) });
}

// "45 s", "2 min 5 s", or a dash when nothing was measured.
export function durationText(t: TFunction, seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  const whole = Math.round(seconds);
  if (whole < 60) return t('support.figures.seconds', { n: String(whole) });
  return t('support.figures.minutes', { m: String(Math.floor(whole / 60)), s: String(whole % 60) });
}

// The shortcut being typed: the draft is "/word" (nothing after it yet) → "word", else null.
export function cannedQuery(draft: string): string | null {
  const match = /^\/([a-z0-9_-]*)$/i.exec(draft);
  return match ? match[1]!.toLowerCase() : null;
}

export function cannedMatches(list: readonly Canned[], query: string): Canned[] {
  return list.filter((item) => item.shortcut.startsWith(query)).slice(0, 8);
}

export const SHORTCUT_PATTERN = /^[a-z0-9_-]{1,32}$/;

const OWN = ['CHAT_ALREADY_CLAIMED', 'CHAT_CLOSED', 'CHAT_NOT_FOUND', 'TOO_MANY_REQUEST', 'CHAT_IMAGE_TOO_LARGE', 'CHAT_IMAGE_INVALID', 'VALIDATION_ERROR', 'CONFLICT'];

export function supportProblem(t: TFunction, error: unknown): string {
  if (error instanceof ConsoleError && OWN.includes(error.code)) return t(`support.errors.${error.code}`);
  return problemText(t, error);
}

export const isAlreadyClaimed = (error: unknown) => error instanceof ConsoleError && error.code === 'CHAT_ALREADY_CLAIMED';

export const toIso = (millis: number | string) => (typeof millis === 'number' ? new Date(millis).toISOString() : millis);
