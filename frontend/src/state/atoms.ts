import { atom } from 'jotai';

import type { Brand, SystemStatus } from '../api/system';
import { readSession, SESSION_KEYS } from './sessionKeys';

export type BootState =
  | { phase: 'loading' }
  | { phase: 'ready' }
  | { phase: 'failed'; code: string };

export const bootAtom = atom<BootState>({ phase: 'loading' });
export const brandAtom = atom<Brand | null>(null);
export const statusAtom = atom<SystemStatus | null>(null);
export const languageAtom = atom<string>('EN');
export const tokenAtom = atom<string | null>(readSession(SESSION_KEYS.token));
export const socketStateAtom = atom<'offline' | 'connecting' | 'online'>('offline');
