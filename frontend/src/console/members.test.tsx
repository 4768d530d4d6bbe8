import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  answer,
  click,
  fill,
  type Handlers,
  keptToken,
  mount,
  params,
  press,
  type Sent,
  serve,
  staffMe,
  statementLine,
  submit,
  tearDown,
  where,
} from './testing';

const OPERATOR = staffMe('OPERATOR', ['audit.read', 'members.manage', 'members.note', 'members.read', 'staff.manage', 'staff.read']);
const SUPPORT = staffMe('SUPPORT', ['members.note', 'members.read']);
const AUDITOR = staffMe('AUDITOR', ['audit.read', 'members.read', 'staff.read']);

const ROW = {
  id: 42,
  username: 'alice77',
  nickname: 'Alice',
  mobile: '639171234567',
  memberType: 0,
  status: 'ACTIVE',
  rankLevel: 3,
  createdAt: '2026-01-02T03:04:05Z',
  lastLoginAt: '2026-03-01T10:00:00Z',
};
const PAGE = {
  ...ROW,
  email: 'alice@example.com',
  fullName: 'Alice Reyes',
  affiliateCode: 'ALC77',
  clubLabelName: 'Gold club',
  labels: ['VIP', 'SMS'],
  registeredIp: '198.51.100.7',
  lastLoginIp: '198.51.100.8',
  upline: [
    { id: 7, username: 'agent1', memberType: 1 },
    { id: 5, username: 'agent2', memberType: 2 },
  ],
  wallets: [
    { wallet: 'MAIN', vendorCode: '', balance: '1234.50' },
    { wallet: 'BONUS', vendorCode: '', balance: '0.10' },
  ],
};
const line = (id: number) => statementLine(id, id % 2 ? '-0.30' : '100000000000.01', `${id}.00`);
// 70 lines, ids 1 to 70, newest first, 50 a page.
const statement = (request: Sent) => {
  const before = Number(params(request).beforeId ?? 71);
  return answer(
    Array.from({ length: 50 }, (_, i) => before - 1 - i)
      .filter((id) => id >= 1)
      .map(line),
  );
};
const SESSIONS = [{ id: 900, createdAt: '2026-03-01T09:00:00Z', lastSeenAt: '2026-03-01T10:00:00Z', ip: '203.0.113.9', userAgent: 'Firefox' }];
const NOTES = [{ id: 1, at: '2026-02-01T10:00:00Z', staff: 'support0', text: 'Asked about the bonus.' }];

function member(extra: Handlers = {}): Handlers {
  return {
    'GET /wps/admin/members': () => answer([ROW]),
    'GET /wps/admin/members/42': () => answer(PAGE),
    'GET /wps/admin/members/42/statement': statement,
    'GET /wps/admin/members/42/sessions': () => answer(SESSIONS),
    'GET /wps/admin/members/42/notes': () => answer(NOTES),
    ...extra,
  };
}

const table = (title: string) => within(screen.getByRole('region', { name: title })).getByRole('table');
const bodyRows = (element: HTMLElement) => within(element).getAllByRole('row').slice(1);

describe('the members section', () => {
  beforeEach(keptToken);
  afterEach(tearDown);

  it('searches, opens a member and shows the profile, upline, wallets and statement as the server wrote them', async () => {
    const sent = serve({ 'GET /wps/admin/session/me': () => answer(SUPPORT), ...member() });
    await mount('/');
    await waitFor(() => expect(where()).toBe('/members'));
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Members']);

    // Nothing typed: nothing sent (the server would answer 422).
    await click('Search');
    expect(screen.getByText('Enter something to search for.')).toBeTruthy();
    expect(sent.filter((request) => request.path.startsWith('/wps/admin/members'))).toHaveLength(0);

    fill('Search for', ' 6391712 ');
    await submit(screen.getByRole('search'));
    const results = await screen.findByRole('table');
    const search = sent.find((request) => request.path.startsWith('/wps/admin/members?'))!;
    expect(params(search)).toEqual({ q: '6391712', limit: '50' });
    const [row] = bodyRows(results);
    expect(row!.textContent).toContain('alice77');
    expect(row!.textContent).toContain('Alice');
    expect(row!.textContent).toContain('639171234567');
    expect(row!.textContent).toContain('Active');

    await press(within(row!).getByText('Alice'));
    await waitFor(() => expect(where()).toBe('/members/42'));
    expect(await screen.findByRole('heading', { name: 'Member alice77' })).toBeTruthy();
    const profile = screen.getByRole('region', { name: 'Profile' });
    for (const text of ['Alice Reyes', 'alice@example.com', 'ALC77', 'Gold club', 'VIP, SMS', '198.51.100.7', 'Player (0)']) {
      expect(within(profile).getByText(text)).toBeTruthy();
    }
    // The chain from the top down: agent2 › agent1.
    expect(within(screen.getByTestId('upline')).getAllByRole('link').map((link) => link.textContent)).toEqual(['agent2', 'agent1']);

    const wallets = bodyRows(table('Wallets')).map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(wallets).toEqual([
      ['MAIN', '—', '1234.50'],
      ['BONUS', '—', '0.10'],
    ]);
    await waitFor(() => expect(bodyRows(table('Statement'))).toHaveLength(50));
    // Amounts exactly as sent, never through a float.
    expect(screen.getAllByText('100000000000.01')).toHaveLength(25);
    expect(screen.getAllByText('-0.30')).toHaveLength(25);
    await waitFor(() => expect(screen.getByText('Asked about the bonus.')).toBeTruthy());
    expect(bodyRows(table('Live sessions'))[0]!.textContent).toContain('203.0.113.9');

    // Back to the search keeps it.
    await press(screen.getByRole('link', { name: 'Back to the search' }));
    expect(where()).toBe('/members');
  });

  it('pages the statement back with beforeId, the last line shown', async () => {
    const sent = serve({ 'GET /wps/admin/session/me': () => answer(AUDITOR), ...member() });
    await mount('/members/42');
    await waitFor(() => expect(bodyRows(table('Statement'))).toHaveLength(50));
    expect(screen.queryByText('No older lines.')).toBeNull();
    await click('Older');
    await waitFor(() => expect(bodyRows(table('Statement'))).toHaveLength(70));
    expect(screen.getByText('ref-1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Older' })).toBeNull();
    expect(screen.getByText('No older lines.')).toBeTruthy();
    const pages = sent.filter((request) => request.path.startsWith('/wps/admin/members/42/statement')).map(params);
    expect(pages).toEqual([{ limit: '50' }, { limit: '50', beforeId: '21' }]);
  });

  it('lets an operator lock (after confirming) and unlock a member, and end a session', async () => {
    const sent = serve({
      'GET /wps/admin/session/me': () => answer(OPERATOR),
      ...member({
        'PUT /wps/admin/members/42/status': (request) =>
          answer({ ...ROW, status: request.body?.locked ? 'LOCKED' : 'ACTIVE' }),
        'DELETE /wps/admin/members/42/sessions/900': () => answer(null),
      }),
    });
    await mount('/members/42');
    const profile = await screen.findByRole('region', { name: 'Profile' });
    await click('Lock', profile);
    expect(within(profile).getByText('Lock alice77? The member cannot sign in until unlocked.')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(0);
    await click('Confirm', profile);
    await waitFor(() => expect(within(profile).getByTestId('member-status').textContent).toBe('Locked'));
    await click('Unlock', profile);
    await click('Confirm', profile);
    await waitFor(() => expect(within(profile).getByTestId('member-status').textContent).toBe('Active'));
    expect(sent.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([
      { locked: true },
      { locked: false },
    ]);

    const sessions = await waitFor(() => table('Live sessions'));
    await click('Log out', sessions);
    await waitFor(() => expect(screen.getByText('No live sessions.')).toBeTruthy());
    expect(sent.some((request) => request.method === 'DELETE' && request.path === '/wps/admin/members/42/sessions/900')).toBe(true);
    // The operator may note too.
    expect(screen.getByRole('form', { name: 'Add note' })).toBeTruthy();
  });

  it('shows a failed lock in place', async () => {
    serve({
      'GET /wps/admin/session/me': () => answer(OPERATOR),
      ...member({ 'PUT /wps/admin/members/42/status': () => answer(null, 409, 'CONFLICT') }),
    });
    await mount('/members/42');
    const profile = await screen.findByRole('region', { name: 'Profile' });
    await click('Lock', profile);
    await click('Confirm', profile);
    await waitFor(() => expect(within(profile).getByRole('alert').textContent).toBe('This changed in the meantime. Reload and try again.'));
    expect(within(profile).getByTestId('member-status').textContent).toBe('Active');
  });

  it('gives support the note form but no lock and no log-out, and shows the new note', async () => {
    const sent = serve({
      'GET /wps/admin/session/me': () => answer(SUPPORT),
      ...member({
        'POST /wps/admin/members/42/notes': (request) =>
          answer({ id: 2, at: '2026-03-02T10:00:00Z', staff: 'support1', text: request.body?.text }),
      }),
    });
    await mount('/members/42');
    await screen.findByRole('region', { name: 'Profile' });
    await waitFor(() => expect(bodyRows(table('Live sessions'))).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Lock' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Unlock' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeNull(); // the shell's own log-out
    expect(within(table('Live sessions')).queryAllByRole('button')).toHaveLength(0);

    const form = screen.getByRole('form', { name: 'Add note' });
    await click('Add note', form);
    expect(within(form).getByRole('alert').textContent).toBe('Write the note first.');
    fill('Note', '  Called back about KYC.  ', form);
    await click('Add note', form);
    const notes = await screen.findByTestId('notes');
    await waitFor(() => expect(within(notes).getAllByRole('listitem')[0]!.textContent).toContain('Called back about KYC.'));
    expect(within(notes).getAllByRole('listitem')[0]!.textContent).toContain('support1');
    expect(sent.find((request) => request.method === 'POST')!.body).toEqual({ text: 'Called back about KYC.' });
    expect((within(form).getByLabelText('Note') as HTMLTextAreaElement).value).toBe('');
  });

  it('gives an auditor neither the note form nor lock nor log-out', async () => {
    serve({ 'GET /wps/admin/session/me': () => answer(AUDITOR), ...member() });
    await mount('/members/42');
    await screen.findByRole('region', { name: 'Profile' });
    await waitFor(() => expect(bodyRows(table('Live sessions'))).toHaveLength(1));
    await waitFor(() => expect(screen.getByText('Asked about the bonus.')).toBeTruthy());
    expect(screen.queryByRole('form', { name: 'Add note' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Lock' })).toBeNull();
    expect(within(table('Live sessions')).queryAllByRole('button')).toHaveLength(0);
  });

  it('says when the member is not found, and shows a failed search in place', async () => {
    serve({
      'GET /wps/admin/session/me': () => answer(AUDITOR),
      'GET /wps/admin/members/9': () => answer(null, 404, 'NOT_FOUND'),
      'GET /wps/admin/members': () => answer(null, 500, 'INTERNAL_ERROR'),
    });
    await mount('/members/9');
    await waitFor(() => expect(screen.getByTestId('member-not-found').textContent).toBe('Member not found.'));
    expect(screen.queryByRole('region', { name: 'Profile' })).toBeNull();
    cleanup();

    await mount('/members?q=bob');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The server could not do this. Please try again.'));
    expect(screen.queryByRole('table')).toBeNull();
    expect((screen.getByLabelText('Search for') as HTMLInputElement).value).toBe('bob');
  });
});
