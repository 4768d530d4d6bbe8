// Route groups load lazily; a group that has not arrived after 120 s (SPEC §9) fails with LoadTimeout so
// the route's error screen can say the page took too long.
import { type ComponentType, createElement, use } from 'react';

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

type PageModule = { default: ComponentType };

export interface PageGroup {
  // Starts (or joins) the chunk's download: the boot calls it for the address being opened.
  load: () => Promise<PageModule>;
  // The page; it suspends while its chunk is on its way, and a failed or late chunk reaches the page
  // boundary. Unlike React.lazy it renders at once when the chunk is already there (the boot preloads
  // the first page): React.lazy suspends on its first render whatever, and React then holds the page
  // back for its fallback's minimum time (300 ms), which the first page's largest paint would pay.
  Page: ComponentType;
}

export function group(load: () => Promise<PageModule>): PageGroup {
  let loading: Promise<PageModule> | null = null;
  let loaded: ComponentType | null = null;
  const once = () =>
    (loading ??= withTimeout(load()).then((module) => {
      loaded = module.default;
      return module;
    }));
  function Page() {
    return createElement(loaded ?? use(once()).default);
  }
  return { load: once, Page };
}
