// A login refused with SELF_EXCLUDED (issue 34): the login sheet gives way to the excluded notice, which says
// what the exclusion is and until when, and offers to withdraw what is left with the name and password just
// typed. Any other refusal stays in the login form.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { ApiError } from '../../api/client';
import type { Brand } from '../../api/system';
import { accountModalAtom, memberAtom } from '../../state/account';
import { brandAtom, languageAtom, tokenAtom } from '../../state/atoms';
import { excludedAtom } from '../../state/excluded';
import { store } from '../../state/store';
import { fakeServer, renderAt, setUp } from '../../testing/portalTest';
import { AccountOverlays } from './AccountOverlays';

const login = vi.hoisted(() => ({ loginWithPassword: vi.fn(), loginWithSms: vi.fn(), startFreePlay: vi.fn() }));
vi.mock('../../features/account/login', () => login);

beforeAll(setUp);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  login.loginWithPassword.mockReset();
});

const UNTIL = Date.UTC(2027, 5, 1); // 2027-06-01 07:00 in the tests' Ho Chi Minh City

function openLoginSheet() {
  store.set(brandAtom, { merchantCode: 'demo', currencySymbol: 'P' } as Brand);
  store.set(languageAtom, 'EN');
  store.set(tokenAtom, null);
  store.set(memberAtom, null);
  store.set(excludedAtom, null);
  store.set(accountModalAtom, 'login');
  renderAt('/', <AccountOverlays />);
  const sheet = screen.getByTestId('login-modal');
  fireEvent.change(within(sheet).getByLabelText('Username'), { target: { value: ' amelia ' } });
  fireEvent.change(within(sheet).getByLabelText('Password'), { target: { value: 'Secret123' } });
  fireEvent.click(within(sheet).getByRole('button', { name: 'Log in' }));
}

describe('a login refused with SELF_EXCLUDED', () => {
  it('shows what and until when, and withdraws what is left with the login just typed', async () => {
    login.loginWithPassword.mockRejectedValue(
      new ApiError('SELF_EXCLUDED', 'This account is excluded from play', 403, { kind: 'SELF_EXCLUSION', until: UNTIL, withdrawable: '250.00' }),
    );
    const server = fakeServer(({ method, path }) =>
      method === 'POST' && path === '/wps/protection/withdraw-remaining' ? { value: { orderNo: 'W77', amount: '250.00' } } : undefined,
    );
    openLoginSheet();
    const notice = await screen.findByTestId('excluded-notice');
    expect(login.loginWithPassword).toHaveBeenCalledWith('amelia', 'Secret123', undefined, false);
    expect(screen.queryByTestId('login-modal')).toBeNull();
    expect(within(notice).getByTestId('excluded-what').textContent).toBe('This account is excluded from play until 2027-06-01 07:00:00 GMT+7.');
    expect(notice.textContent).toContain('Left in your account: P 250.00.');

    fireEvent.click(within(notice).getByTestId('withdraw-remaining'));
    fireEvent.change(within(notice).getByTestId('withdraw-payment-password'), { target: { value: '135790' } });
    fireEvent.click(within(notice).getByTestId('withdraw-remaining-submit'));
    expect((await within(notice).findByTestId('withdraw-remaining-done')).textContent).toBe('Withdrawal requested: order W77, P 250.00.');
    expect(server.calls('/wps/protection/withdraw-remaining', 'POST').map((r) => r.body)).toEqual([
      { username: 'amelia', password: 'Secret123', paymentPassword: '135790', requestId: expect.any(String) },
    ]);
  });

  it('says a permanent exclusion is permanent, and offers no withdrawal when nothing is left', async () => {
    login.loginWithPassword.mockRejectedValue(
      new ApiError('SELF_EXCLUDED', '', 403, { kind: 'SELF_EXCLUSION', until: null, withdrawable: '0.00' }),
    );
    openLoginSheet();
    const notice = await screen.findByTestId('excluded-notice');
    expect(within(notice).getByTestId('excluded-what').textContent).toBe('This account is permanently excluded from play.');
    expect(within(notice).queryByTestId('withdraw-remaining')).toBeNull();
  });

  it('leaves any other refusal in the login sheet', async () => {
    login.loginWithPassword.mockRejectedValue(new ApiError('INVALID_CREDENTIALS', '', 401));
    openLoginSheet();
    const sheet = screen.getByTestId('login-modal');
    expect((await within(sheet).findByRole('alert')).textContent).toBe('Account or password error');
    await waitFor(() => expect(store.get(accountModalAtom)).toBe('login'));
    expect(screen.queryByTestId('excluded-notice')).toBeNull();
  });
});
