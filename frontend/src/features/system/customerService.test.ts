import { describe, expect, it } from 'vitest';

import type { SystemStatus } from '../../api/system';
import { serviceEntry } from './customerService';

const status = (entries: { csType: string; path: string }[]) =>
  ({ info: { customerService: entries } }) as unknown as SystemStatus;

describe('customer service entry', () => {
  const both = status([
    { csType: 'LIVECHAT', path: '/chat' },
    { csType: 'VIP', path: '/vip' },
  ]);

  it('gives members above rank level 4 the VIP service', () => {
    expect(serviceEntry(both, 5)?.path).toBe('/vip');
    expect(serviceEntry(both, 4)?.path).toBe('/chat');
    expect(serviceEntry(both, null)?.path).toBe('/chat');
  });

  it('falls back to live chat when no VIP entry is configured, and to nothing when none is', () => {
    expect(serviceEntry(status([{ csType: 'LIVECHAT', path: '/chat' }]), 9)?.path).toBe('/chat');
    expect(serviceEntry(status([]), 1)).toBeUndefined();
    expect(serviceEntry(null, 1)).toBeUndefined();
  });
});
