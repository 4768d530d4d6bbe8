import { brandAtom } from '../../state/atoms';
import { store } from '../../state/store';
import { gamesApi } from './api';
import { vendorsAtom } from './atoms';

// Loaded once at boot, for visitors too: the header navigation and every lobby read it. A failure leaves
// the game items out of the header rather than blocking the site.
export async function loadVendors(): Promise<void> {
  const brand = store.get(brandAtom);
  if (!brand) return;
  try {
    store.set(vendorsAtom, await gamesApi.vendors(brand.merchantCode));
  } catch {
    store.set(vendorsAtom, { groups: {}, sorting: [] });
  }
}
