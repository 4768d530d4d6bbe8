// i18next's React binding, the part of react-i18next this app uses: useTranslation() returning { t, i18n }.
// react-i18next's <Trans> parser, Suspense waiting and namespace loading, which nothing here uses, were
// 1.7 kB of the first page's script. Shared with the house game page, so it imports nothing of the portal.
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { createContext, createElement, useContext, useSyncExternalStore, type ReactNode } from 'react';

interface Binding {
  // A new function whenever the strings may have changed: React compares snapshots by identity, and
  // components that memoise on t (or pass it to a memoised child) must see the change too.
  t: TFunction;
  subscribe: (listener: () => void) => () => void;
}

const bindings = new WeakMap<I18n, Binding>();

function bindingOf(i18n: I18n): Binding {
  const known = bindings.get(i18n);
  if (known) return known;
  const listeners = new Set<() => void>();
  const fixedT = () => i18n.getFixedT(null, null);
  const binding: Binding = {
    t: fixedT(),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const changed = () => {
    binding.t = fixedT();
    for (const listener of listeners) listener();
  };
  // A language is shown once its strings are added (the locales load lazily, see index.ts) and it is
  // switched to; either may come last. The store exists only once init() has run.
  let storeBound = false;
  const bindStore = () => {
    if (storeBound || !i18n.store) return;
    storeBound = true;
    i18n.store.on('added', changed);
  };
  bindStore();
  i18n.on('initialized', () => {
    bindStore();
    changed();
  });
  i18n.on('languageChanged', changed);
  i18n.on('loaded', changed);
  bindings.set(i18n, binding);
  return binding;
}

// The instance the components translate with: the portal's global one, unless a provider says otherwise
// (the house page has an instance of its own).
const I18nContext = createContext<I18n>(i18next);

export function I18nProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return createElement(I18nContext, { value: i18n }, children);
}

export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext);
  const binding = bindingOf(i18n);
  const t = useSyncExternalStore(binding.subscribe, () => binding.t);
  return { t, i18n };
}
