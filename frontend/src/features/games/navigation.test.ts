import { describe, expect, it } from 'vitest';

import type { Sorting, Vendor } from './api';
import { buildNavigation, DROPDOWN_LIMIT, lobbyVendors, vendorTarget } from './navigation';

function vendor(vassalage: string, category: string, extra: Partial<Vendor> = {}): Vendor {
  return {
    vassalage,
    displayName: `${vassalage} name`,
    gameType: category,
    category,
    isHot: 0,
    accountTypeName: null,
    singleGameId: null,
    allowsTrial: true,
    ...extra,
  };
}

function answer(spec: Record<string, Vendor[]>): { groups: Record<string, Vendor[]>; sorting: Sorting[] } {
  return {
    groups: spec,
    sorting: Object.entries(spec).map(([gameCategory, list]) => ({ gameCategory, vendors: list.map((v) => v.vassalage) })),
  };
}

describe('buildNavigation', () => {
  it('has one item per category with vendors, in the sorting order, labelled by categories.<CAT>', () => {
    const { groups } = answer({
      RNG: [vendor('PG', 'RNG')],
      LIVE: [vendor('EVO', 'LIVE')],
      FISH: [],
      SPORTS: [vendor('SBO', 'SPORTS')],
    });
    const sorting: Sorting[] = [
      { gameCategory: 'LIVE', vendors: ['EVO'] },
      { gameCategory: 'FISH', vendors: [] },
      { gameCategory: 'SPORTS', vendors: ['SBO'] },
      { gameCategory: 'RNG', vendors: ['PG'] },
    ];
    const items = buildNavigation(groups, sorting);
    expect(items.map((i) => i.key)).toEqual(['LIVE', 'SPORTS', 'RNG']);
    expect(items.map((i) => i.labelKey)).toEqual(['categories.LIVE', 'categories.SPORTS', 'categories.RNG']);
  });

  it('orders vendors by the sorting and keeps ones it does not list at the end', () => {
    const groups = { RNG: [vendor('A', 'RNG'), vendor('B', 'RNG'), vendor('C', 'RNG')] };
    const items = buildNavigation(groups, [{ gameCategory: 'RNG', vendors: ['C', 'A', 'GONE'] }]);
    expect(items[0]!.vendors.map((v) => v.vendor.vassalage)).toEqual(['C', 'A', 'B']);
  });

  it('shows at most 11 vendors, then MORE to the category page', () => {
    const many = Array.from({ length: 14 }, (_, i) => vendor(`V${i}`, 'LIVE'));
    const { groups, sorting } = answer({ LIVE: many, FISH: [vendor('F1', 'FISH')] });
    const [live, fish] = buildNavigation(groups, sorting);
    expect(live!.vendors).toHaveLength(DROPDOWN_LIMIT);
    expect(live!.vendors.at(-1)!.vendor.vassalage).toBe('V10');
    expect(live!.more).toBe('/live');
    expect(fish!.more).toBeNull();

    const exactly = answer({ LIVE: many.slice(0, 11) });
    expect(buildNavigation(exactly.groups, exactly.sorting)[0]!.more).toBeNull();
  });

  it('maps categories to pages; RNG opens the first slots vendor; lottery falls back to its pages', () => {
    const { groups, sorting } = answer({
      LIVE: [vendor('EVO', 'LIVE')],
      RNG: [vendor('PG', 'RNG'), vendor('JILI', 'RNG')],
      SPORTS: [vendor('SBO', 'SPORTS')],
      FISH: [vendor('F', 'FISH')],
      PVP: [vendor('KY', 'PVP')],
      ESPORTS: [vendor('TF', 'ESPORTS')],
      LOTT: [vendor('VN', 'LOTT')],
      ELOTT: [vendor('EL', 'ELOTT')],
    });
    const targets = Object.fromEntries(buildNavigation(groups, sorting).map((i) => [i.key, i.target]));
    expect(targets.LIVE).toEqual({ type: 'route', to: '/live' });
    expect(targets.RNG).toEqual({ type: 'route', to: '/rng?page=PG', vassalage: 'PG' });
    expect(targets.SPORTS).toEqual({ type: 'route', to: '/sports' });
    expect(targets.FISH).toEqual({ type: 'route', to: '/fish' });
    expect(targets.PVP).toEqual({ type: 'route', to: '/pvp' });
    expect(targets.ESPORTS).toEqual({ type: 'route', to: '/esports' });
    expect(targets.LOTT).toEqual({ type: 'route', to: '/lottery' });
    expect(targets.ELOTT).toEqual({ type: 'route', to: '/elott' });
  });

  it('launches TCG_SEA directly for lottery and e-lottery clicks when it exists', () => {
    const sea = vendor('TCG_SEA', 'LOTT');
    const { groups, sorting } = answer({ LOTT: [sea], ELOTT: [vendor('EL', 'ELOTT')] });
    const [lott, elott] = buildNavigation(groups, sorting);
    expect(lott!.target).toEqual({ type: 'launch', vendor: sea, gameId: null });
    expect(elott!.target).toEqual({ type: 'launch', vendor: sea, gameId: null });
  });

  it('gives each vendor its click rule', () => {
    const slots = vendor('PG', 'RNG');
    expect(vendorTarget('RNG', slots)).toEqual({ type: 'route', to: '/rng?page=PG', vassalage: 'PG' });
    expect(vendorTarget('LIVE', vendor('EVO', 'LIVE'))).toMatchObject({ to: '/live?page=EVO', vassalage: 'EVO' });
    expect(vendorTarget('PVP', vendor('KY', 'PVP'))).toMatchObject({ to: '/pvp?page=KY', vassalage: 'KY' });
    expect(vendorTarget('FISH', vendor('F', 'FISH'))).toMatchObject({ to: '/fish?page=F', vassalage: 'F' });
    const sports = vendor('SBO', 'SPORTS');
    expect(vendorTarget('SPORTS', sports)).toEqual({ type: 'launch', vendor: sports, gameId: null });
    const single = vendor('ONE', 'RNG', { singleGameId: 77 });
    expect(vendorTarget('RNG', single)).toEqual({ type: 'launch', vendor: single, gameId: 77 });
    expect(vendorTarget('ESPORTS', vendor('TF', 'ESPORTS'))).toEqual({ type: 'route', to: '/esports?page=TF' });
  });

  it('inserts cockfight right after Live when SV3 exists, and takes SV3 out of sports', () => {
    const sv3 = vendor('SV3', 'SPORTS');
    const { groups, sorting } = answer({
      RNG: [vendor('PG', 'RNG')],
      LIVE: [vendor('EVO', 'LIVE')],
      SPORTS: [vendor('SBO', 'SPORTS'), sv3],
    });
    const items = buildNavigation(groups, sorting);
    expect(items.map((i) => i.key)).toEqual(['RNG', 'LIVE', 'COCKFIGHT', 'SPORTS']);
    const cockfight = items[2]!;
    expect(cockfight.labelKey).toBe('nav.cockfight');
    expect(cockfight.target).toEqual({ type: 'launch', vendor: sv3, gameId: null });
    expect(items[3]!.vendors.map((v) => v.vendor.vassalage)).toEqual(['SBO']);
  });

  it('drops sports when SV3 was its only vendor, and leads with cockfight when there is no Live', () => {
    const { groups, sorting } = answer({ RNG: [vendor('PG', 'RNG')], SPORTS: [vendor('SV3', 'SPORTS')] });
    expect(buildNavigation(groups, sorting).map((i) => i.key)).toEqual(['COCKFIGHT', 'RNG']);
  });

  it('has no cockfight without SV3', () => {
    const { groups, sorting } = answer({ LIVE: [vendor('EVO', 'LIVE')], SPORTS: [vendor('SBO', 'SPORTS')] });
    expect(buildNavigation(groups, sorting).map((i) => i.key)).toEqual(['LIVE', 'SPORTS']);
  });

  it('lists a lobby’s vendors across its categories in order', () => {
    const { groups, sorting } = answer({ ELOTT: [vendor('EL', 'ELOTT')], LOTT: [vendor('VN', 'LOTT')] });
    expect(lobbyVendors(groups, sorting, ['ELOTT', 'LOTT']).map((v) => v.vassalage)).toEqual(['EL', 'VN']);
  });
});
