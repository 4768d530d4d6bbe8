// The header's game navigation (SPEC §2.2) as a pure function of the vendor answer, so its rules can be
// tested without a browser: which categories appear and in what order, what each click does, the
// 11-vendor dropdown with MORE, and the cockfight item carved out of sports.
import type { Sorting, Vendor } from './api';

export const DROPDOWN_LIMIT = 11;
export const COCKFIGHT_VENDOR = 'SV3';
export const SEA_LOTTERY_VENDOR = 'TCG_SEA';

// Category to page (SPEC §2.2). Both lottery kinds share the e-lottery lobby.
export const CATEGORY_PATHS: Record<string, string> = {
  ELOTT: '/elott',
  LOTT: '/elott',
  LIVE: '/live',
  SPORTS: '/sports',
  FISH: '/fish',
  RNG: '/rng',
  PVP: '/pvp',
  ESPORTS: '/esports',
};

// Vendor clicks in these categories open the lobby on that vendor (and set the current vendor).
const LOBBY_CATEGORIES = new Set(['RNG', 'LIVE', 'PVP', 'FISH']);
const LOTTERY_CATEGORIES = new Set(['LOTT', 'ELOTT']);

export type NavTarget =
  // Push a page; vassalage, when set, also becomes the current vendor.
  | { type: 'route'; to: string; vassalage?: string }
  // Launch a vendor: its single game when gameId is set, else its first game.
  | { type: 'launch'; vendor: Vendor; gameId: number | null };

export interface NavVendor {
  vendor: Vendor;
  target: NavTarget;
}

export interface NavItem {
  // A category code, or COCKFIGHT for the carved-out sports vendor.
  key: string;
  labelKey: string;
  target: NavTarget;
  // At most DROPDOWN_LIMIT.
  vendors: NavVendor[];
  // Where MORE leads when there were more vendors than the dropdown shows.
  more: string | null;
}

export function categoryPath(category: string): string {
  return CATEGORY_PATHS[category] ?? '/';
}

function lobbyPath(category: string, vassalage: string): string {
  return `${categoryPath(category)}?page=${encodeURIComponent(vassalage)}`;
}

function launchTarget(vendor: Vendor): NavTarget {
  return { type: 'launch', vendor, gameId: vendor.singleGameId };
}

// What a vendor in a category's dropdown does.
export function vendorTarget(category: string, vendor: Vendor): NavTarget {
  if (vendor.singleGameId !== null) return launchTarget(vendor);
  if (category === 'SPORTS' || LOTTERY_CATEGORIES.has(category)) return launchTarget(vendor);
  if (LOBBY_CATEGORIES.has(category)) {
    return { type: 'route', to: lobbyPath(category, vendor.vassalage), vassalage: vendor.vassalage };
  }
  return { type: 'route', to: lobbyPath(category, vendor.vassalage) };
}

// What a click on the category itself does.
function categoryTarget(category: string, vendors: Vendor[], seaLottery: Vendor | undefined): NavTarget {
  if (category === 'RNG' && vendors[0]) {
    return { type: 'route', to: lobbyPath('RNG', vendors[0].vassalage), vassalage: vendors[0].vassalage };
  }
  if (LOTTERY_CATEGORIES.has(category)) {
    if (seaLottery) return launchTarget(seaLottery);
    return { type: 'route', to: category === 'LOTT' ? '/lottery' : '/elott' };
  }
  return { type: 'route', to: categoryPath(category) };
}

// The vendors of a category in the sorting's order; any the sorting forgot keep the groups' order after.
function ordered(vendors: Vendor[], order: string[] | undefined): Vendor[] {
  if (!order) return vendors;
  const byCode = new Map(vendors.map((v) => [v.vassalage, v]));
  const first = order.map((code) => byCode.get(code)).filter((v): v is Vendor => v !== undefined);
  const listed = new Set(order);
  return [...first, ...vendors.filter((v) => !listed.has(v.vassalage))];
}

export function buildNavigation(groups: Partial<Record<string, Vendor[]>>, sorting: Sorting[]): NavItem[] {
  const orderOf = new Map(sorting.map((s) => [s.gameCategory, s.vendors]));
  const categories = [
    ...sorting.map((s) => s.gameCategory),
    ...Object.keys(groups).filter((c) => !orderOf.has(c)),
  ].filter((c, i, all) => all.indexOf(c) === i && c in CATEGORY_PATHS);
  const all = Object.values(groups).flatMap((v) => v ?? []);
  const seaLottery = all.find((v) => v.vassalage === SEA_LOTTERY_VENDOR);
  const cockfight = (groups.SPORTS ?? []).find((v) => v.vassalage === COCKFIGHT_VENDOR);

  const items: NavItem[] = [];
  for (const category of categories) {
    let vendors = ordered(groups[category] ?? [], orderOf.get(category));
    if (category === 'SPORTS' && cockfight) vendors = vendors.filter((v) => v !== cockfight);
    if (vendors.length === 0) continue;
    items.push({
      key: category,
      labelKey: `categories.${category}`,
      target: categoryTarget(category, vendors, seaLottery),
      vendors: vendors.slice(0, DROPDOWN_LIMIT).map((vendor) => ({ vendor, target: vendorTarget(category, vendor) })),
      more: vendors.length > DROPDOWN_LIMIT ? categoryPath(category) : null,
    });
  }
  if (cockfight) {
    // Right after Live; without Live it leads the game items.
    const live = items.findIndex((item) => item.key === 'LIVE');
    items.splice(live + 1, 0, {
      key: 'COCKFIGHT',
      labelKey: 'nav.cockfight',
      target: launchTarget(cockfight),
      vendors: [],
      more: null,
    });
  }
  return items;
}

// The vendors a lobby page shows: /elott holds both lottery kinds.
export function lobbyVendors(
  groups: Partial<Record<string, Vendor[]>>,
  sorting: Sorting[],
  categories: readonly string[],
): Vendor[] {
  const orderOf = new Map(sorting.map((s) => [s.gameCategory, s.vendors]));
  return categories.flatMap((c) => ordered(groups[c] ?? [], orderOf.get(c)));
}
