import { atom } from 'jotai';

import { accountApi, type Country } from './api';

// Flags come from the merchant's image host at COUNTRY_FLAG/{code}.png (SPEC §2.6); a merchant without
// an image host gets the flags bundled with the app (flag-icons). Each is a file of its own, fetched only
// when shown: inlined, the 270 of them made 200 kB of script. This module loads with the forms that ask
// for a mobile number (register, SMS login, forgotten password), never with the first page.
const bundledFlags = import.meta.glob('/node_modules/flag-icons/flags/4x3/*.svg', {
  eager: true,
  query: '?url&no-inline',
  import: 'default',
}) as Record<string, string>;

let chosenHost: string | null = null;

// SPEC §9: a CDN is picked at random from the list, once per page load.
function imageHost(hosts: readonly string[]): string | null {
  if (hosts.length === 0) return null;
  chosenHost ??= hosts[Math.floor(Math.random() * hosts.length)]!;
  return chosenHost;
}

export function flagUrl(countryCode: string, hosts: readonly string[]): string {
  const host = imageHost(hosts);
  if (host) return `${host.replace(/\/$/, '')}/COUNTRY_FLAG/${countryCode}.png`;
  return bundledFlags[`/node_modules/flag-icons/flags/4x3/${countryCode.toLowerCase()}.svg`] ?? '';
}

const loaded = atom<Country[] | null>(null);
let loading: Promise<Country[]> | null = null;

export const countriesAtom = atom(
  (get) => get(loaded) ?? [],
  async (_get, set) => {
    loading ??= accountApi.countries().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    set(loaded, await loading);
  },
);
