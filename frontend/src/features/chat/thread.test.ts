import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '../../api/client';
import type { ChatMessage } from './api';
import {
  backoffMs,
  checkImage,
  highestSeq,
  initials,
  isClientId,
  isEmail,
  isRetryable,
  mergeMessages,
  newClientId,
  type Outgoing,
  readMark,
  settlePending,
  untilAnswered,
} from './thread';

const message = (seq: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  conversationId: 7,
  seq,
  clientId: null,
  side: 'STAFF',
  kind: 'TEXT',
  text: `m${seq}`,
  staffName: 'Anna',
  image: null,
  createdAt: 1_700_000_000_000 + seq,
  ...extra,
});

const outgoing = (clientId: string, state: Outgoing['state'] = 'sending'): Outgoing => ({
  clientId,
  kind: 'TEXT',
  text: clientId,
  file: null,
  state,
  error: null,
  createdAt: 0,
});

describe('merging by seq', () => {
  it('orders by seq and never holds two copies of one seq', () => {
    const held = mergeMessages([], [message(2), message(1)]);
    expect(held.map((m) => m.seq)).toEqual([1, 2]);
    // The POST's answer and the socket's push of the same message.
    const mine = message(3, { side: 'PLAYER', clientId: 'abcdefgh1', text: 'hi' });
    const once = mergeMessages(held, [mine]);
    const twice = mergeMessages(once, [{ ...mine }]);
    expect(twice.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(twice).toBe(once); // nothing new: the same array, no re-render
  });

  it('fills a gap and keeps staff notes out', () => {
    const held = mergeMessages([message(1), message(4)], [message(3), message(2), message(5, { kind: 'NOTE' })]);
    expect(held.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(highestSeq(held)).toBe(4);
    expect(highestSeq([])).toBe(0);
  });

  it('drops a pending send once its message (same clientId) is held', () => {
    const pending = [outgoing('aaaaaaaa1'), outgoing('bbbbbbbb2', 'failed')];
    const left = settlePending(pending, [message(1, { side: 'PLAYER', clientId: 'aaaaaaaa1' })]);
    expect(left.map((p) => p.clientId)).toEqual(['bbbbbbbb2']);
    expect(settlePending(left, [message(1)])).toBe(left);
  });
});

describe('retrying', () => {
  it('waits 1, 2, 4 … seconds, at most 30', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('retries no answer, 5xx and 429, not other 4xx', () => {
    expect(isRetryable(new ApiError('NETWORK_ERROR', '', 0))).toBe(true);
    expect(isRetryable(new ApiError('INTERNAL_ERROR', '', 503))).toBe(true);
    expect(isRetryable(new ApiError('TOO_MANY_REQUEST', '', 429))).toBe(true);
    expect(isRetryable(new ApiError('CHAT_CLOSED', '', 409))).toBe(false);
    expect(isRetryable(new ApiError('VALIDATION_ERROR', '', 422))).toBe(false);
    expect(isRetryable(new DOMException('stop', 'AbortError'))).toBe(false);
  });

  it('calls again with backoff until the server answers', async () => {
    const waits: number[] = [];
    const attempt = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new ApiError('NETWORK_ERROR', '', 0))
      .mockRejectedValueOnce(new ApiError('INTERNAL_ERROR', '', 500))
      .mockRejectedValueOnce(new ApiError('TOO_MANY_REQUEST', '', 429))
      .mockResolvedValue('stored');
    const sleep = async (ms: number) => {
      waits.push(ms);
    };
    await expect(untilAnswered(attempt, { sleep })).resolves.toBe('stored');
    expect(attempt).toHaveBeenCalledTimes(4);
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it('gives up at once on a 4xx that is not 429', async () => {
    const attempt = vi.fn(() => Promise.reject(new ApiError('CHAT_CLOSED', '', 409)));
    await expect(untilAnswered(attempt, { sleep: async () => undefined })).rejects.toMatchObject({ code: 'CHAT_CLOSED' });
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('stops between tries when cancelled', async () => {
    let cancelled = false;
    const attempt = vi.fn(() => Promise.reject(new ApiError('NETWORK_ERROR', '', 0)));
    const sleep = async () => {
      cancelled = true;
    };
    await expect(untilAnswered(attempt, { sleep, cancelled: () => cancelled })).rejects.toMatchObject({ name: 'AbortError' });
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});

describe('small rules', () => {
  it('makes client ids the server takes', () => {
    const ids = new Set(Array.from({ length: 50 }, newClientId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(isClientId(id)).toBe(true);
    expect(isClientId('short')).toBe(false);
    expect(isClientId('has space 123')).toBe(false);
  });

  it('marks only the player own messages, read up to staffReadSeq', () => {
    expect(readMark(message(3, { side: 'PLAYER' }), 3)).toBe('read');
    expect(readMark(message(4, { side: 'PLAYER' }), 3)).toBe('sent');
    expect(readMark(message(2), 3)).toBeNull();
  });

  it('checks pictures and emails', () => {
    expect(checkImage(new File([new Uint8Array(10)], 'a.png', { type: 'image/png' }))).toBeNull();
    expect(checkImage(new File([new Uint8Array(10)], 'a.gif', { type: 'image/gif' }))).toBe('CHAT_IMAGE_INVALID');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'a.jpg', { type: 'image/jpeg' });
    expect(checkImage(big)).toBe('CHAT_IMAGE_TOO_LARGE');
    expect(isEmail('a@b.co')).toBe(true);
    expect(isEmail('a@b')).toBe(false);
    expect(initials('Anna Lee')).toBe('AL');
    expect(initials('support1')).toBe('SU');
  });
});
