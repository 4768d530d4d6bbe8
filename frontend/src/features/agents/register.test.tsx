import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRequestContext } from '../../api/client';
import { isAgentAtom } from '../../state/account';
import { store } from '../../state/store';
import { RegisterAccountPage } from './pages/RegisterAccountPage';
import { fakeServer } from './testServer';

// The key and its values; errorText's defaultValue is how it asks, not part of the text.
const t = vi.hoisted(() => (key: string, { defaultValue: _, ...values }: Record<string, unknown> = {}) =>
  Object.keys(values).length ? `${key} ${JSON.stringify(values)}` : key);
vi.mock('../../i18n/react', () => ({ useTranslation: () => ({ t }) }));

const MEMBERS = '/wps/agent/team/members';
const created = { id: 77, username: 'newbie01', nickname: 'Newbie', type: 41, level: 1, upline: 'agent1', status: 'ACTIVE', rankLevel: 0, createdAt: 0 };

let server: ReturnType<typeof fakeServer>;
const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const field = (label: string) => screen.getByLabelText(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = async () => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'agentCentre.register.submit' })));
  await flush();
};
const messageOf = (label: string) => {
  const input = field(label);
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : null;
};

function fill(password = 'Secret123', confirmation = password) {
  type('account.fields.username', ' newbie01 ');
  type('account.fields.password', password);
  type('account.fields.confirmPassword', confirmation);
}

beforeEach(() => {
  setRequestContext(() => ({ merchant: 'demo', token: 'agent-token', language: 'EN' }));
  store.set(isAgentAtom, 41);
  server = fakeServer();
  render(<Provider store={store}><RegisterAccountPage /></Provider>);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  store.set(isAgentAtom, null);
});

describe('register account', () => {
  it("sends a sub-agent of the agent's own type, and confirms with the new username and the first-login rule", async () => {
    fill();
    type('agentCentre.register.nickname', 'Newbie');
    fireEvent.change(field('agentCentre.register.type'), { target: { value: '41' } });
    server.once('POST', MEMBERS, { value: created });
    await submit();
    expect(server.calls('POST', MEMBERS).map((c) => c.body)).toEqual([
      { username: 'newbie01', password: 'Secret123', type: 41, nickname: 'Newbie' },
    ]);
    const done = screen.getByTestId('agent-registered');
    expect(done.textContent).toContain('agentCentre.register.done {"username":"newbie01"}');
    expect(done.textContent).toContain('agentCentre.register.firstLogin');
  });

  it('offers a player and the agent type only, and sends a player without a nickname by default', async () => {
    const options = [...(field('agentCentre.register.type') as HTMLSelectElement).options].map((o) => [o.value, o.text]);
    expect(options).toEqual([['0', 'agentCentre.types.player'], ['41', 'agentCentre.types.subAgent']]);
    fill();
    server.once('POST', MEMBERS, { value: { ...created, type: 0 } });
    await submit();
    expect(server.calls('POST', MEMBERS)[0]!.body).toEqual({ username: 'newbie01', password: 'Secret123', type: 0 });
  });

  it('sends nothing while a field is empty or the passwords differ', async () => {
    await submit();
    expect(messageOf('account.fields.username')).toBe('account.errors.required');
    fill('Secret123', 'Secret124');
    await submit();
    expect(messageOf('account.fields.confirmPassword')).toBe('account.errors.inconsistentTwice');
    expect(server.sent).toHaveLength(0);
  });

  it("shows the server's field errors beside their fields, and a taken username", async () => {
    fill('abc');
    server.once('POST', MEMBERS, {
      code: 'VALIDATION_ERROR',
      status: 422,
      value: {
        fields: [
          { field: 'username', location: 'body', type: 'string_too_short', message: 'too short' },
          { field: 'password', type: 'length', messageKey: 'reg_pattern_2', min: 6, max: 16 },
        ],
      },
    });
    await submit();
    expect(messageOf('account.fields.username')).toBe('agentCentre.register.errors.length {"range":"4-32"}');
    expect(messageOf('account.fields.password')).toBe('reg_pattern_2 {"range":"6-16"}');
    expect(field('account.fields.password').getAttribute('aria-invalid')).toBe('true');
    // Editing a field clears its server message; the others stay until the next answer.
    type('account.fields.password', 'Secret123');
    type('account.fields.confirmPassword', 'Secret123');
    expect(messageOf('account.fields.password')).toBeFalsy();
    expect(messageOf('account.fields.username')).toBe('agentCentre.register.errors.length {"range":"4-32"}');

    server.once('POST', MEMBERS, { code: 'USERNAME_TAKEN', status: 409 });
    await submit();
    expect(messageOf('account.fields.username')).toBe('errors.USERNAME_TAKEN');
    expect(server.calls('POST', MEMBERS)).toHaveLength(2);
  });

  it('shows a refusal that is not about a field as the error text', async () => {
    fill();
    server.once('POST', MEMBERS, { code: 'AGENT_ONLY', status: 403 });
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('errors.AGENT_ONLY');
  });
});
