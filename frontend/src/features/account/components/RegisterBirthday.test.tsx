// The registration form's date of birth (issue 34): shown where the brand's registration rules offer it
// (required if they say so) and, optional, for a brand whose rules do not name it; a date under 18 is refused
// in the server's UNDERAGE words before anything is sent; a date given is sent as `birthday`, none when empty.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import type { Brand, SystemStatus } from '../../../api/system';
import { accountModalAtom } from '../../../state/account';
import { brandAtom, languageAtom, statusAtom, tokenAtom } from '../../../state/atoms';
import { store } from '../../../state/store';
import { fakeServer, renderAt, setUp } from '../../../testing/portalTest';
import type { RegisterRule } from '../api';
import { RegisterModal } from './RegisterModal';

// The proof of work and the body's sealing are other tests' business: here the body travels as it is.
vi.mock('../../../lib/challenge', () => ({ solveChallenge: async () => ({ challengeId: 'c1', nonce: 7 }) }));
vi.mock('../../../api/encryption', () => ({
  encryptBody: async (body: unknown) => body,
  getPublicKey: async () => null,
  forgetPublicKey: () => undefined,
}));

beforeAll(setUp);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const rule = (field: string, enabled: boolean, required: boolean, minLength: number, maxLength: number, patternId: number, acceptedPattern = '*') =>
  ({ field, enabled, required, minLength, maxLength, patternId, acceptedPattern, messageKey: `reg_pattern_${patternId}` }) as RegisterRule;
const BASE = [rule('username', true, true, 6, 16, 1), rule('password', true, true, 6, 20, 5)];
const BIRTHDAY_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$';

type Answer = { status?: number; value?: unknown; errorCode?: string };
function open(rules: RegisterRule[], register: Answer = { value: { account: 'amelia01', session: null } }) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 11, 1, 12)); // 1 December 2026
  store.set(brandAtom, { merchantCode: 'demo', currencySymbol: 'P' } as Brand);
  store.set(languageAtom, 'EN');
  store.set(tokenAtom, null);
  store.set(statusAtom, { info: { whitelabel: [], registerRules: rules } } as unknown as SystemStatus);
  store.set(accountModalAtom, 'register');
  const server = fakeServer(({ method, path }) => (method === 'PUT' && path === '/wps/member/register' ? register : undefined));
  renderAt('/', <RegisterModal />);
  return server;
}

const form = () => screen.getByTestId('register-modal');
const birthday = () => screen.queryByTestId('register-birthday') as HTMLInputElement | null;

async function fillAndSubmit(date?: string) {
  const modal = within(form());
  fireEvent.change(modal.getByLabelText('Username'), { target: { value: 'amelia01' } });
  fireEvent.change(modal.getByLabelText('Password'), { target: { value: 'Secret123' } });
  fireEvent.change(modal.getByLabelText('Confirm password'), { target: { value: 'Secret123' } });
  if (date !== undefined) fireEvent.change(birthday()!, { target: { value: date } });
  fireEvent.click(modal.getByRole('checkbox'));
  await act(async () => fireEvent.click(modal.getByRole('button', { name: 'Register' })));
}

describe('the date of birth at registration', () => {
  it('is there, labelled and optional, for a brand whose rules do not name it; a date given is sent as birthday', async () => {
    const server = open(BASE);
    const input = birthday()!;
    expect(input.type).toBe('date');
    expect(screen.getByLabelText('Date of birth')).toBe(input);
    expect(input.max).toBe('2008-12-01');
    await fillAndSubmit('2000-02-29');
    await waitFor(() => expect(server.calls('/wps/member/register', 'PUT')).toHaveLength(1));
    expect(server.calls('/wps/member/register')[0]!.body).toMatchObject({ username: 'amelia01', birthday: '2000-02-29' });
  });

  it('sends no birthday when none is given', async () => {
    const server = open(BASE);
    await fillAndSubmit();
    await waitFor(() => expect(server.calls('/wps/member/register', 'PUT')).toHaveLength(1));
    expect(server.calls('/wps/member/register')[0]!.body).not.toHaveProperty('birthday');
  });

  it('refuses a date under 18 in the words of UNDERAGE, and sends nothing', async () => {
    const server = open(BASE);
    await fillAndSubmit('2008-12-02');
    expect(within(form()).getByText('You must be 18 or older to open an account.')).toBeTruthy();
    expect(birthday()!.getAttribute('aria-invalid')).toBe('true');
    expect(server.calls('/wps/member/register')).toHaveLength(0);
  });

  it("puts the server's UNDERAGE on the field", async () => {
    const server = open(BASE, { status: 400, errorCode: 'UNDERAGE', value: { minimumAge: 18 } });
    await fillAndSubmit('2008-12-01');
    await waitFor(() => expect(server.calls('/wps/member/register')).toHaveLength(1));
    expect(await within(form()).findByText('You must be 18 or older to open an account.')).toBeTruthy();
  });

  it('is not there when the brand turned it off, and is required when the brand requires it', async () => {
    open([...BASE, rule('birthday', false, false, 10, 10, 11, BIRTHDAY_PATTERN)]);
    expect(birthday()).toBeNull();
    cleanup();
    const server = open([...BASE, rule('birthday', true, true, 10, 10, 11, BIRTHDAY_PATTERN)]);
    expect(birthday()).not.toBeNull();
    await fillAndSubmit();
    expect(within(form()).getByText('Input cannot be empty')).toBeTruthy();
    expect(server.calls('/wps/member/register')).toHaveLength(0);
  });
});
