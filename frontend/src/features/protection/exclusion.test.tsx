// Responsible gaming, breaks and exclusion: each behind a confirmation that says in words what happens and asks
// the login password; the right body posted; then the browser forgets its session, the member centre closes
// and the excluded notice opens. A wrong password is refused in the words of its code.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { accountModalAtom } from '../../state/account';
import { sumBalanceAtom } from '../../state/balance';
import { excludedAtom } from '../../state/excluded';
import { memberCentreAtom } from '../../state/memberCentre';
import { store } from '../../state/store';
import { ResponsibleGamingPage } from './pages/ResponsibleGamingPage';
import { asMember, DAY, fakeServer, HOUR, protection, renderAt, setUp } from './testSupport';

beforeAll(setUp);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

type Answer = { status?: number; value?: unknown; errorCode?: string };

function serve(answers: Record<string, Answer>) {
  return fakeServer(({ method, path }) => {
    if (method === 'GET' && path === '/wps/protection') return { value: protection() };
    if (method === 'GET' && path === '/wps/protection/organisations') return { value: { list: [] } };
    return answers[`${method} ${path}`];
  });
}

async function show() {
  const forgetSession = vi.fn();
  renderAt('/', <ResponsibleGamingPage forgetSession={forgetSession} />);
  await screen.findByTestId('protection-page');
  return forgetSession;
}

const form = () => screen.getByTestId('exclusion-form');
const consequences = () => within(form()).getAllByRole('listitem').map((item) => item.textContent);

describe('responsible gaming: take a break', () => {
  it('says what happens, requires the password, posts {kind, days, password}, then logs out and shows the notice', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(DAY);
    const until = DAY + 7 * 24 * HOUR;
    const server = serve({ 'POST /wps/protection/exclusion': { value: { kind: 'TIME_OUT', from: DAY, until } } });
    asMember();
    store.set(sumBalanceAtom, '12.34');
    const forgetSession = await show();
    expect(screen.queryByTestId('exclusion-form')).toBeNull();
    fireEvent.change(screen.getByTestId('time-out-days'), { target: { value: '7' } });
    fireEvent.click(screen.getByTestId('time-out-start'));
    expect(form().dataset.kind).toBe('TIME_OUT');
    expect(consequences()).toEqual([
      'Your break lasts until about 2026-12-08 07:00:00 GMT+7.',
      'You are logged out everywhere at once, on every device.',
      'Until then you cannot log in, except to withdraw what is left in your account.',
      'It cannot be lifted early, not even by customer support.',
    ]);
    fireEvent.click(within(form()).getByTestId('exclusion-submit'));
    expect(within(form()).getByRole('alert').textContent).toBe('Enter your login password to confirm.');
    expect(server.calls('/wps/protection/exclusion')).toHaveLength(0);

    fireEvent.change(within(form()).getByLabelText('Your login password'), { target: { value: 'Secret123' } });
    fireEvent.click(within(form()).getByTestId('exclusion-submit'));
    await waitFor(() => expect(forgetSession).toHaveBeenCalledTimes(1));
    expect(server.calls('/wps/protection/exclusion', 'POST').map((r) => r.body)).toEqual([{ kind: 'TIME_OUT', days: 7, password: 'Secret123' }]);
    expect(store.get(memberCentreAtom)).toBeNull();
    expect(store.get(accountModalAtom)).toBe('excluded');
    expect(store.get(excludedAtom)).toEqual({
      kind: 'TIME_OUT', until, withdrawable: '12.34', username: 'amelia', password: 'Secret123',
    });
  });

  it('can be called off before it is confirmed', async () => {
    const server = serve({});
    asMember();
    await show();
    fireEvent.click(screen.getByTestId('time-out-start'));
    fireEvent.click(within(form()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('exclusion-form')).toBeNull();
    expect(server.calls('/wps/protection/exclusion')).toHaveLength(0);
  });
});

describe('responsible gaming: self-exclusion', () => {
  it('offers 6 months, 1 year, 5 years and permanently; a permanent one posts months null and says it cannot be undone', async () => {
    const server = serve({ 'POST /wps/protection/exclusion': { value: { kind: 'SELF_EXCLUSION', from: DAY, until: null } } });
    asMember();
    const forgetSession = await show();
    const choices = within(screen.getByTestId('self-exclusion')).getAllByRole('radio');
    expect(choices.map((c) => c.parentElement!.textContent)).toEqual(['6 months', '1 year', '5 years', 'Permanently']);
    fireEvent.click(choices[3]!);
    fireEvent.click(screen.getByTestId('self-exclusion-start'));
    expect(consequences()).toEqual([
      'You are excluded from play permanently.',
      'You are logged out everywhere at once, on every device.',
      'You can never log in again, except to withdraw what is left in your account.',
      'It cannot be undone, not even by customer support.',
    ]);
    fireEvent.change(within(form()).getByLabelText('Your login password'), { target: { value: 'Secret123' } });
    fireEvent.click(within(form()).getByTestId('exclusion-submit'));
    await waitFor(() => expect(forgetSession).toHaveBeenCalled());
    expect(server.calls('/wps/protection/exclusion', 'POST').map((r) => r.body)).toEqual([
      { kind: 'SELF_EXCLUSION', months: null, password: 'Secret123' },
    ]);
    expect(store.get(excludedAtom)?.until).toBeNull();
  });

  it('posts the months chosen, and keeps the session when the password is wrong', async () => {
    const server = serve({ 'POST /wps/protection/exclusion': { status: 401, errorCode: 'INVALID_CREDENTIALS' } });
    asMember();
    const forgetSession = await show();
    fireEvent.click(within(screen.getByTestId('self-exclusion')).getByLabelText('1 year'));
    fireEvent.click(screen.getByTestId('self-exclusion-start'));
    fireEvent.change(within(form()).getByLabelText('Your login password'), { target: { value: 'Wrong1' } });
    fireEvent.click(within(form()).getByTestId('exclusion-submit'));
    expect((await within(form()).findByRole('alert')).textContent).toBe('Account or password error');
    expect(server.calls('/wps/protection/exclusion', 'POST').map((r) => r.body)).toEqual([
      { kind: 'SELF_EXCLUSION', months: 12, password: 'Wrong1' },
    ]);
    expect(forgetSession).not.toHaveBeenCalled();
    expect(store.get(accountModalAtom)).toBeNull();
  });
});

describe('responsible gaming: closing the account', () => {
  it('says the funds stay withdrawable and the history is kept, and posts the password', async () => {
    const server = serve({ 'POST /wps/protection/closure': { value: { kind: 'CLOSED', from: DAY, until: null } } });
    asMember();
    const forgetSession = await show();
    fireEvent.click(screen.getByTestId('closure-start'));
    expect(form().dataset.kind).toBe('CLOSED');
    expect(consequences()).toEqual([
      'Your account is closed: you cannot log in to play again.',
      'You are logged out everywhere at once, on every device.',
      'What is left in your account stays yours: you can still withdraw it from the login.',
      'Your history is kept.',
    ]);
    fireEvent.change(within(form()).getByLabelText('Your login password'), { target: { value: 'Secret123' } });
    fireEvent.click(within(form()).getByTestId('exclusion-submit'));
    await waitFor(() => expect(forgetSession).toHaveBeenCalled());
    expect(server.calls('/wps/protection/closure', 'POST').map((r) => r.body)).toEqual([{ password: 'Secret123' }]);
    expect(store.get(excludedAtom)?.kind).toBe('CLOSED');
  });
});
