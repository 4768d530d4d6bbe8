import { cleanup, renderHook } from '@testing-library/react';
import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

import { accountModalAtom } from '../../state/account';
import { tokenAtom } from '../../state/atoms';
import { store } from '../../state/store';
import { useAffiliateInvitation } from './affiliateInvitation';

const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;

function arrive(address: string) {
  window.history.replaceState(null, '', address);
  renderHook(() => useAffiliateInvitation(), { wrapper });
}

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
  store.set(accountModalAtom, null);
  store.set(tokenAtom, null);
});

describe("an agent's invitation link", () => {
  it('opens the registration for a visitor who arrives with an affiliate code', () => {
    arrive('/?affiliateCode=K7PQ2MZX');
    expect(store.get(accountModalAtom)).toBe('register');
  });

  it.each(['/', '/?affiliateCode=', '/?affiliateCode=%20', '/?code=K7PQ2MZX&state=xyz'])(
    'leaves the page alone without one (%s)',
    (address) => {
      arrive(address);
      expect(store.get(accountModalAtom)).toBeNull();
    },
  );

  it('leaves a member alone', () => {
    store.set(tokenAtom, 'member-token');
    arrive('/?affiliateCode=K7PQ2MZX');
    expect(store.get(accountModalAtom)).toBeNull();
  });

  it('does not cover a popup already open', () => {
    store.set(accountModalAtom, 'changePassword');
    arrive('/?affiliateCode=K7PQ2MZX');
    expect(store.get(accountModalAtom)).toBe('changePassword');
  });
});
