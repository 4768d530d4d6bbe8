// The conversation as the page holds it, as pure functions: the messages merged by seq (the answer of a
// POST and the socket's push of the same message never show twice), the player's own sends still on their
// way, and the rules of retrying them.
import { ApiError } from '../../api/client';
import type { ChatMessage } from './api';

export interface Outgoing {
  clientId: string;
  kind: 'TEXT' | 'IMAGE';
  text: string;
  file: File | null;
  state: 'sending' | 'failed';
  // The error code of a failed send (shown under it, with a retry button).
  error: string | null;
  createdAt: number;
}

export const MAX_TEXT = 4000;
// The counter shows from here on.
export const TEXT_WARN_AT = 3800;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg'];
const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;

export function newClientId(): string {
  const crypto = globalThis.crypto;
  if (crypto?.randomUUID) return crypto.randomUUID().replace(/-/g, '');
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function isClientId(id: string): boolean {
  return CLIENT_ID.test(id);
}

// Messages by ascending seq, one per seq: a message that arrives again replaces the copy held.
export function mergeMessages(held: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return held as ChatMessage[];
  const bySeq = new Map<number, ChatMessage>();
  for (const message of held) bySeq.set(message.seq, message);
  let changed = false;
  for (const message of incoming) {
    // Staff notes never belong on the player's page, whatever sends them.
    if (message.kind === 'NOTE') continue;
    const known = bySeq.get(message.seq);
    if (known && sameMessage(known, message)) continue;
    bySeq.set(message.seq, message);
    changed = true;
  }
  if (!changed) return held as ChatMessage[];
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

function sameMessage(a: ChatMessage, b: ChatMessage): boolean {
  return a.conversationId === b.conversationId && a.clientId === b.clientId && a.text === b.text && a.kind === b.kind;
}

export function highestSeq(messages: readonly ChatMessage[]): number {
  return messages.length ? messages[messages.length - 1]!.seq : 0;
}

// The sends still shown as such: one whose message the server has stored (same clientId) is the message now.
export function settlePending(pending: readonly Outgoing[], messages: readonly ChatMessage[]): Outgoing[] {
  if (pending.length === 0) return pending as Outgoing[];
  const stored = new Set(messages.map((m) => m.clientId).filter(Boolean));
  const left = pending.filter((p) => !stored.has(p.clientId));
  return left.length === pending.length ? (pending as Outgoing[]) : left;
}

// 1, 2, 4, 8 … seconds, at most 30.
export function backoffMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
}

// A send is tried again while the server has not answered it (no network, 5xx, 429 too many); any other 4xx
// is an answer: the send failed and waits for the player's retry.
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return !(error instanceof DOMException && error.name === 'AbortError');
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

export interface RetryOptions {
  sleep?: (ms: number) => Promise<void>;
  // Stops the loop between tries (the page went away).
  cancelled?: () => boolean;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// Calls `attempt` until it answers: a value, or an error that is not worth retrying (thrown).
export async function untilAnswered<T>(attempt: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const sleep = options.sleep ?? wait;
  for (let n = 0; ; n += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!isRetryable(error) || options.cancelled?.()) throw error;
    }
    await sleep(backoffMs(n));
    if (options.cancelled?.()) throw new DOMException('cancelled', 'AbortError');
  }
}

// The player's own messages the staff have read: ✓✓ from staffReadSeq down, ✓ above it.
export function readMark(message: ChatMessage, staffReadSeq: number): 'read' | 'sent' | null {
  if (message.side !== 'PLAYER') return null;
  return staffReadSeq >= message.seq ? 'read' : 'sent';
}

export function checkImage(file: File): 'CHAT_IMAGE_INVALID' | 'CHAT_IMAGE_TOO_LARGE' | null {
  if (!IMAGE_TYPES.includes(file.type)) return 'CHAT_IMAGE_INVALID';
  if (file.size > MAX_IMAGE_BYTES) return 'CHAT_IMAGE_TOO_LARGE';
  return null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length === 1 ? [...words[0]!].slice(0, 2) : [[...words[0]!][0], [...words[1]!][0]];
  return letters.join('').toUpperCase();
}
