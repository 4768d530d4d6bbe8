import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { TOKEN_KEY } from './session';
import { answer, click, fill, keptToken, mount, params, serve, staffMe, tearDown, where } from './testing';

const ME_OPERATOR = staffMe('OPERATOR', ['audit.read', 'staff.manage', 'staff.read'], {
  username: 'admin1',
  nickname: 'Admin One',
});
const ME_SUPPORT = staffMe('SUPPORT', ['members.read'], { nickname: 'Support One' });
// A login whose permissions open no section (every role reads members today).
const ME_NO_SECTIONS = { ...ME_SUPPORT, permissions: [] as string[] };
const ME_AUDITOR = staffMe('AUDITOR', ['audit.read', 'cashier.read', 'members.read', 'staff.read']);
const STAFF = [
  { id: 1, username: 'admin1', nickname: 'Admin One', role: 'OPERATOR', disabled: false, otpEnabled: true, createdAt: '2026-01-02T03:04:05Z' },
  { id: 2, username: 'auditor1', nickname: null, role: 'AUDITOR', disabled: false, otpEnabled: false, createdAt: '2026-01-02T03:04:05Z' },
];

// The login form, filled and sent.
async function signIn(username: string, password = 'Demo1234') {
  fill('Username', username);
  fill('Password', password);
  await click('Sign in');
}

describe('the console login', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(tearDown);

  it('sends username, password and the authenticator code in one go, and answers every failure alike', async () => {
    let tries = 0;
    const sent = serve({
      'POST /wps/admin/session/login': (request) => {
        tries += 1;
        // A missing or wrong code: the very answer of a wrong password (nothing tells the password was right).
        if (request.body?.otp !== '654321') return answer({ captcha: true }, 401, 'INVALID_CREDENTIALS');
        return answer({ token: 'staff-token-1', role: 'OPERATOR', nickname: 'Admin One', otpEnrolmentRequired: false });
      },
      'GET /wps/admin/session/me': () => answer(ME_OPERATOR),
      'GET /wps/admin/staff': () => answer(STAFF),
      'GET /wps/captcha': () => answer('iVBORw0KGgo='),
    });
    await mount('/login');
    expect(where()).toBe('/login');
    // One form: the code beside the password, its hint saying when it may stay empty.
    expect(screen.getByRole('heading', { name: 'Staff sign-in' })).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByLabelText('Authenticator code').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/Leave it empty only until two-factor sign-in is set up\.$/)).toBeTruthy();

    // Not six digits: refused here, nothing sent.
    fill('Username', ' admin1 ');
    fill('Password', 'Demo1234');
    fill('Authenticator code', '12a3');
    await click('Sign in');
    expect(screen.getByRole('alert').textContent).toBe('Enter the 6 digits of the code.');
    expect(tries).toBe(0);

    // Without a code: sent as it is, refused as any failure is, with the captcha the next try needs.
    fill('Authenticator code', '');
    await click('Sign in');
    expect(sent[0]!.body).toEqual({ username: 'admin1', password: 'Demo1234' });
    expect(sent[0]!.headers).toMatchObject({ Merchant: 'demo' });
    expect(sent[0]!.headers.Authorization).toBeUndefined();
    expect(screen.getByRole('alert').textContent).toBe('Wrong username, password or code.');
    await waitFor(() => expect(screen.getByAltText('Verification code image')).toBeTruthy());

    // A wrong code: the same words, the code field emptied.
    fill('Authenticator code', '111111');
    fill('Captcha', 'abcd');
    await click('Sign in');
    expect(screen.getByRole('alert').textContent).toBe('Wrong username, password or code.');
    expect((screen.getByLabelText('Authenticator code') as HTMLInputElement).value).toBe('');

    fill('Authenticator code', '654321');
    fill('Captcha', 'efgh');
    await click('Sign in');
    await waitFor(() => expect(where()).toBe('/staff'));
    const last = sent.filter((request) => request.path === '/wps/admin/session/login').at(-1)!;
    expect(last.body).toEqual({ username: 'admin1', password: 'Demo1234', otp: '654321', captcha: 'efgh' });
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('staff-token-1');
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Sections' })).toBeTruthy());
    const me = sent.find((request) => request.path === '/wps/admin/session/me')!;
    expect(me.headers).toMatchObject({ Authorization: 'staff-token-1', Merchant: 'demo' });
  });

  it('takes a recovery code instead of the app code', async () => {
    const sent = serve({
      'POST /wps/admin/session/login': (request) =>
        request.body?.recoveryCode
          ? answer({ token: 'staff-token-2', role: 'OPERATOR', nickname: 'Admin One', otpEnrolmentRequired: false })
          : answer({ captcha: true }, 401, 'INVALID_CREDENTIALS'),
      'GET /wps/admin/session/me': () => answer(ME_OPERATOR),
      'GET /wps/admin/staff': () => answer(STAFF),
    });
    await mount('/login');
    fill('Username', 'admin1');
    fill('Password', 'Demo1234');
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.queryByLabelText('Authenticator code')).toBeNull();
    // Chosen, it is wanted: nothing is sent without it.
    await click('Sign in');
    expect(screen.getByRole('alert').textContent).toBe('Enter a recovery code.');
    expect(sent).toHaveLength(0);
    fill('Recovery code', ' 0a1b2c-3d4e5f ');
    await click('Sign in');
    await waitFor(() => expect(where()).toBe('/staff'));
    expect(sent[0]!.body).toEqual({ username: 'admin1', password: 'Demo1234', recoveryCode: '0a1b2c-3d4e5f' });
  });

  it('shows the captcha the server asks for after a wrong password, and the texts of the failures', async () => {
    let calls = 0;
    serve({
      'POST /wps/admin/session/login': () => {
        calls += 1;
        return calls === 1 ? answer({ captcha: true }, 401, 'INVALID_CREDENTIALS') : answer({ captcha: true }, 429, 'LOGIN_LOCKED');
      },
      'GET /wps/captcha': () => answer('iVBORw0KGgo='),
    });
    await mount('/login');
    expect(screen.queryByLabelText('Captcha')).toBeNull();
    await signIn('admin1', 'wrong-one');
    expect(screen.getByRole('alert').textContent).toBe('Wrong username, password or code.');
    expect(screen.getByLabelText('Captcha')).toBeTruthy();
    await click('Sign in');
    expect(screen.getByRole('alert').textContent).toBe('Enter the characters shown in the image.');
    fill('Captcha', 'E2EK');
    await click('Sign in');
    expect(screen.getByRole('alert').textContent).toBe('Too many failed sign-ins. Try again later.');
    expect(where()).toBe('/login');
  });

  it('sends a role that must enrol straight to the enrolment screen, which shows nothing else', async () => {
    const sent = serve({
      'POST /wps/admin/session/login': () =>
        answer({ token: 'staff-token-3', role: 'OPERATOR', nickname: 'Admin One', otpEnrolmentRequired: true }),
      'GET /wps/admin/session/me': () => answer({ ...ME_OPERATOR, otpEnabled: false, otpEnrolmentRequired: true }),
      'POST /wps/admin/session/2fa/enrol': () =>
        answer({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', uri: 'otpauth://totp/x', qrSvg: 'data:image/svg+xml;base64,PHN2Zz4=' }),
      'POST /wps/admin/session/2fa/confirm': (request) =>
        request.body?.code === '000000'
          ? answer(null, 401, 'OTP_INVALID')
          : answer({ recoveryCodes: Array.from({ length: 10 }, (_, i) => `aaaaa${i}-bbbbbb`) }),
    });
    await mount('/staff');
    await waitFor(() => expect(where()).toBe('/login'));
    await signIn('admin1');
    await waitFor(() => expect(screen.getByTestId('otp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP'));
    expect(where()).toBe('/enrol');
    expect(screen.getByRole('img', { name: 'QR code for the authenticator app' })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(sent.filter((request) => request.path === '/wps/admin/session/2fa/enrol')).toHaveLength(1);

    fill('6-digit code from the app', '000000');
    await click('Turn on two-factor sign-in');
    expect(screen.getByRole('alert').textContent).toBe('The code is wrong or has expired.');

    fill('6-digit code from the app', '123456');
    await click('Turn on two-factor sign-in');
    expect(within(screen.getByTestId('recovery-codes')).getAllByRole('listitem')).toHaveLength(10);
  });
});

describe('the console shell', () => {
  beforeEach(keptToken);
  afterEach(tearDown);

  it('tells a role without sections that there is nothing here yet, and refuses a section by address', async () => {
    serve({ 'GET /wps/admin/session/me': () => answer(ME_NO_SECTIONS) });
    await mount('/');
    await waitFor(() => expect(screen.getByTestId('nothing-here').textContent).toBe('There is nothing here yet for your role (Support).'));
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByTestId('signed-in').textContent).toContain('Support One');
    cleanup();

    serve({ 'GET /wps/admin/session/me': () => answer(ME_SUPPORT), 'GET /wps/admin/staff': () => answer(STAFF) });
    await mount('/staff');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Your role does not give access to this section.'));
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows an auditor the staff table read-only: no form, no buttons, no selects', async () => {
    serve({ 'GET /wps/admin/session/me': () => answer(ME_AUDITOR), 'GET /wps/admin/staff': () => answer(STAFF) });
    await mount('/staff');
    await waitFor(() => expect(where()).toBe('/staff'));
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).queryAllByRole('button')).toHaveLength(0);
    expect(within(table).queryAllByRole('combobox')).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'New staff account' })).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Members', 'Cashier desk', 'Staff', 'Audit log']);
  });

  it('shows a row action failure in its row (the last operator)', async () => {
    serve({
      'GET /wps/admin/session/me': () => answer(ME_OPERATOR),
      'GET /wps/admin/staff': () => answer(STAFF),
      'PUT /wps/admin/staff/1/role': () => answer(null, 409, 'LAST_OPERATOR'),
    });
    await mount('/staff');
    const select = await screen.findByLabelText('Role of admin1');
    await act(async () => {
      fireEvent.change(select, { target: { value: 'AUDITOR' } });
    });
    const row = screen.getByText('admin1').closest('tr')!;
    await waitFor(() =>
      expect(within(row).getByRole('alert').textContent).toBe('The merchant must keep at least one active operator.'),
    );
    expect((select as HTMLSelectElement).value).toBe('OPERATOR');
  });

  it('goes back to the login with a word why when the session ends under it', async () => {
    serve({
      'GET /wps/admin/session/me': () => answer(ME_OPERATOR),
      'GET /wps/admin/staff': () => answer(null, 401, 'UNAUTHORIZED'),
    });
    await mount('/staff');
    await waitFor(() => expect(where()).toBe('/login'));
    expect(screen.getByRole('status').textContent).toBe('Your session has ended. Please sign in again.');
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('pages the audit log back with beforeId, keeping the filters applied', async () => {
    const entry = (id: number) => ({
      id,
      at: '2026-03-01T10:00:00Z',
      staff: 'admin1',
      action: 'staff.role',
      target: `user${id}`,
      detail: { from: 'AUDITOR', to: 'SUPPORT' },
      ip: '192.0.2.1',
    });
    // 120 entries, ids 1 to 120, newest first, 50 a page.
    const sent = serve({
      'GET /wps/admin/session/me': () => answer(ME_AUDITOR),
      'GET /wps/admin/audit': (request) => {
        const before = Number(params(request).beforeId ?? 121);
        const ids = Array.from({ length: 50 }, (_, i) => before - 1 - i).filter((id) => id >= 1);
        return answer(ids.map(entry));
      },
    });
    await mount('/audit');
    await screen.findByText('user120');
    fill('Action (or its beginning)', 'staff.');
    fill('From', '2026-03-01');
    await click('Apply');
    const rows = () => within(screen.getByRole('table')).getAllByRole('row').length - 1;
    await waitFor(() => expect(rows()).toBe(50));
    // Each entry reads in words: the action by its name (its code small beneath), the detail as fields.
    expect(screen.getAllByText('Staff role changed')).toHaveLength(50);
    const first = within(screen.getByRole('table')).getAllByRole('row')[1]!;
    expect(within(first).getByText('staff.role')).toBeTruthy();
    expect([...first.querySelectorAll('.cs-audit-field')].map((field) => field.textContent)).toEqual([
      'FromAuditor',
      'ToSupport',
    ]);
    expect(screen.queryByText('No older entries.')).toBeNull();

    await click('Older');
    await waitFor(() => expect(rows()).toBe(100));
    await click('Older');
    await waitFor(() => expect(rows()).toBe(120));
    expect(screen.getByText('user1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Older' })).toBeNull();
    expect(screen.getByText('No older entries.')).toBeTruthy();

    const pages = sent.filter((request) => request.path.startsWith('/wps/admin/audit')).map(params);
    expect(pages).toEqual([
      { limit: '50' },
      { limit: '50', action: 'staff.', from: '2026-02-28T17:00:00.000Z' },
      { limit: '50', action: 'staff.', from: '2026-02-28T17:00:00.000Z', beforeId: '71' },
      { limit: '50', action: 'staff.', from: '2026-02-28T17:00:00.000Z', beforeId: '21' },
    ]);
  });

  it('returns to the page a session ended on, but starts afresh after a log out', async () => {
    let auditAnswers = 0;
    serve({
      'GET /wps/admin/session/me': () => answer(ME_OPERATOR),
      'GET /wps/admin/staff': () => answer(STAFF),
      'GET /wps/admin/audit': () => {
        auditAnswers += 1;
        return auditAnswers === 1 ? answer(null, 401, 'UNAUTHORIZED') : answer([]);
      },
      'POST /wps/admin/session/login': () =>
        answer({ token: 'staff-token-4', role: 'OPERATOR', nickname: 'Admin One', otpEnrolmentRequired: false }),
    });
    await mount('/audit');
    await waitFor(() => expect(where()).toBe('/login'));
    await signIn('admin1');
    await waitFor(() => expect(where()).toBe('/audit'));
    await screen.findByText('No entries match.');

    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(where()).toBe('/login'));
    await signIn('admin1');
    await waitFor(() => expect(where()).toBe('/staff'));
  });

  it('logs out by forgetting the token', async () => {
    serve({ 'GET /wps/admin/session/me': () => answer(ME_NO_SECTIONS) });
    await mount('/');
    await screen.findByTestId('nothing-here');
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(where()).toBe('/login'));
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
