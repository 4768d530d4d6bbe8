// Route groups load lazily; a group that has not arrived after 120 s (SPEC §9) fails with LoadTimeout so
// the route's error screen can say the page took too long.
import type { ComponentType } from 'react';

export const GROUP_LOAD_TIMEOUT_MS = 120_000;

export class LoadTimeout extends Error {
  constructor() {
    super('page group load timed out');
    this.name = 'LoadTimeout';
  }
}

export function withTimeout<T>(loading: Promise<T>, ms = GROUP_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LoadTimeout()), ms);
  });
  return Promise.race([loading, timeout]).finally(() => clearTimeout(timer));
}

export function group(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    const module = await withTimeout(load());
    return { Component: module.default };
  };
}
