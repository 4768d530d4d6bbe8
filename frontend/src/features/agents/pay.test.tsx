import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRequestContext } from '../../api/client';
import type { EncryptedPayload } from '../../api/encryption';
import { sumBalanceAtom } from '../../state/balance';
import { store } from '../../state/store';
import type { PayIn, TeamMember } from './api';
import { PayDownlinePage } from './pages/PayDownlinePage';
import { fakeServer } from './testServer';

const t = vi.hoisted(() => (key: string, { defaultValue: _, ...values }: Record<string, unknown> = {}) =>
  Object.keys(values).length ? `${key} ${JSON.stringify(values)}` : key);
vi.mock('../../i18n/react', () => ({ useTranslation: () => ({ t }) }));

const PAY = '/wps/agent/transfers/downline';
const subtle = globalThis.crypto.subtle;
const bytes = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
let pair: CryptoKeyPair;
let publicKey: string;

beforeAll(async () => {
  pair = await subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  publicKey = btoa(String.fromCharCode(...new Uint8Array(await subtle.exportKey('spki', pair.publicKey))));
});

// What the server does with a sealed body: unwrap the AES key, open the box, read {ts, body}.
async function opened(payload: unknown): Promise<PayIn> {
  const sealed = payload as EncryptedPayload;
  const raw = await subtle.decrypt({ name: 'RSA-OAEP' }, pair.privateKey, bytes(sealed.key));
  const aes = await subtle.importKey('raw', raw, 'AES-GCM', false, ['decrypt']);
  const plain = await subtle.decrypt({ name: 'AES-GCM', iv: bytes(sealed.iv) }, aes, bytes(sealed.data));
  return (JSON.parse(new TextDecoder().decode(plain)) as { body: PayIn }).body;
}

const player1: TeamMember = { id: 3, username: 'player1', nickname: 'P1', type: 0, level: 1, upline: 'agent1', status: 'ACTIVE', rankLevel: 0, createdAt: 0 };
let server: ReturnType<typeof fakeServer>;
const wait = (ms = 0) => act(async () => new Promise((resolve) => setTimeout(resolve, ms)));
const field = (label: string) => screen.getByLabelText(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const payButton = () => screen.getByRole('button', { name: 'agentCentre.pay.submit' }) as HTMLButtonElement;
const pay = async () => {
  await act(async () => fireEvent.click(payButton()));
  // Encrypting takes the WebCrypto's own time.
  for (let i = 0; i < 20 && payButton().disabled; i += 1) await wait(10);
};
const sentBodies = () => Promise.all(server.calls('POST', PAY).map((c) => opened(c.body)));

beforeEach(() => {
  setRequestContext(() => ({ merchant: 'demo', token: 'agent-token', language: 'EN' }));
  server = fakeServer();
  server.always('GET', '/wps/system/publicKey', { value: { kid: 'k1', publicKey } });
  store.set(sumBalanceAtom, '500.00');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('pay a downline', () => {
  it('seals the body, keeps one request id across retries of a payment, and shows INSUFFICIENT_FUNDS', async () => {
    render(<Provider store={store}><PayDownlinePage payee={player1} /></Provider>);
    expect(screen.getByTestId('agent-payee').textContent).toContain('agentCentre.pay.payee {"username":"player1","level":1}');
    type('wallet.amount', '12.5');
    type('account.fields.paymentPassword', '246810');
    server.once('POST', PAY, { networkDown: true });
    await pay();
    expect(screen.getByRole('alert').textContent).toBe('errors.NETWORK_ERROR');
    server.once('POST', PAY, { code: 'INSUFFICIENT_FUNDS', status: 409 });
    await pay();
    expect(screen.getByRole('alert').textContent).toBe('errors.INSUFFICIENT_FUNDS');

    const posts = server.calls('POST', PAY);
    expect(posts).toHaveLength(2);
    for (const post of posts) {
      expect(Object.keys(post.body as object).sort()).toEqual(['data', 'enc', 'iv', 'key', 'kid']);
      expect(JSON.stringify(post.body)).not.toContain('246810');
    }
    const [first, retry] = await sentBodies();
    // The payee goes by user name: no member id is sent (nor shown).
    expect(first).toEqual({ username: 'player1', amount: '12.5', paymentPassword: '246810', requestId: expect.any(String) });
    expect(retry).toEqual(first);

    // Another amount is another payment: a new key.
    type('wallet.amount', '10');
    server.once('POST', PAY, { code: 'PAYMENT_PASSWORD_WRONG', status: 400 });
    await pay();
    expect(screen.getByRole('alert').textContent).toBe('errors.PAYMENT_PASSWORD_WRONG');
    const third = (await sentBodies())[2]!;
    expect(third.amount).toBe('10');
    expect(third.requestId).not.toBe(first!.requestId);
  });

  it('refuses an amount the server would refuse before sending anything', () => {
    render(<Provider store={store}><PayDownlinePage payee={player1} /></Provider>);
    type('account.fields.paymentPassword', '246810');
    for (const amount of ['1.234', '0', '-5', '1e3', '12,50']) {
      type('wallet.amount', amount);
      expect(payButton().disabled, amount).toBe(true);
    }
    expect(field('wallet.amount').getAttribute('aria-invalid')).toBe('true');
    type('wallet.amount', '0.01');
    expect(payButton().disabled).toBe(false);
    expect(server.sent).toHaveLength(0);
  });

  it('opens on the row\'s member by user name, with no id anywhere', () => {
    render(<Provider store={store}><PayDownlinePage payee={player1} /></Provider>);
    expect((field('agentCentre.pay.member') as HTMLInputElement).value).toBe('player1');
    expect(screen.getByTestId('agent-pay').textContent).not.toContain('3');
    expect(server.calls('GET', '/wps/agent/team/members')).toHaveLength(0);
  });

  it('finds a typed user name in the team, pays it, refreshes the header balance and starts a new key afterwards', async () => {
    const player2: TeamMember = { ...player1, id: 4, username: 'player2', nickname: 'P2' };
    server.always('GET', '/wps/agent/team/members', { value: { pageNum: 1, total: 2, totalPages: 1, list: [player1, player2] } });
    server.always('GET', '/wps/v2/wallets/balance', { value: { sumBalance: '487.50', wallets: [] } });
    render(<Provider store={store}><PayDownlinePage payee={null} /></Provider>);
    // A part of a name: the team's matches are offered, nobody is chosen yet.
    type('agentCentre.pay.member', 'play');
    await wait(350);
    expect(server.calls('GET', '/wps/agent/team/members')[0]!.query.search).toBe('play');
    const offered = [...document.querySelectorAll('datalist option')].map((o) => (o as HTMLOptionElement).value);
    expect(offered).toEqual(['player1', 'player2']);
    expect(screen.queryByTestId('agent-payee')).toBeNull();
    expect(screen.queryByText('agentCentre.pay.notInTeam')).toBeNull();
    // The whole name, in any case: that member.
    type('agentCentre.pay.member', ' Player1 ');
    await wait(350);
    expect(screen.getByTestId('agent-payee').textContent).toContain('"username":"player1"');
    type('wallet.amount', '12.50');
    type('account.fields.paymentPassword', '246810');
    server.once('POST', PAY, { value: { transferId: 41, replayed: false, balance: '487.50' } });
    await pay();
    await wait();
    expect(screen.getByRole('status').textContent).toBe('agentCentre.pay.done {"amount":"12.50","member":"player1"}');
    expect(store.get(sumBalanceAtom)).toBe('487.50');
    expect((field('wallet.amount') as HTMLInputElement).value).toBe('');

    type('wallet.amount', '12.50');
    type('account.fields.paymentPassword', '246810');
    server.once('POST', PAY, { value: { transferId: 42, replayed: false, balance: '475.00' } });
    await pay();
    const [one, two] = await sentBodies();
    expect(one!.username).toBe('player1');
    expect(two!.requestId).not.toBe(one!.requestId);
  });

  it('says so when nobody in the team has the name, and pays nobody', async () => {
    server.always('GET', '/wps/agent/team/members', { value: { pageNum: 1, total: 0, totalPages: 0, list: [] } });
    render(<Provider store={store}><PayDownlinePage payee={null} /></Provider>);
    type('agentCentre.pay.member', 'player3');
    type('wallet.amount', '1');
    type('account.fields.paymentPassword', '246810');
    await wait(350);
    expect(screen.getByText('agentCentre.pay.notInTeam')).toBeTruthy();
    expect(payButton().disabled).toBe(true);
    expect(server.calls('POST', PAY)).toHaveLength(0);
  });

  it('shows the server\'s refusal of a payee outside the team', async () => {
    render(<Provider store={store}><PayDownlinePage payee={player1} /></Provider>);
    type('wallet.amount', '1');
    type('account.fields.paymentPassword', '246810');
    server.once('POST', PAY, { code: 'AGENT_DOWNLINE_NOT_FOUND', status: 404 });
    await pay();
    expect(screen.getByRole('alert').textContent).toBe('errors.AGENT_DOWNLINE_NOT_FOUND');
  });
});
