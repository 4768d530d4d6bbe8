// Responsible gaming, its limits: nine rows (deposit, loss and wager per day, week and month) with what is set,
// used and left; a new amount sent as PUT {kind, period, amount}; a pending change shown with its time and
// cancelled; the rule said in words; the session time limit and the reality check; the server's refusals in
// the errors.CODE words.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import type { Protection } from './api';
import { ResponsibleGamingPage } from './pages/ResponsibleGamingPage';
import { asMember, DAY, fakeServer, HOUR, limit, protection, renderAt, setUp } from './testSupport';

beforeAll(setUp);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Answer = { status?: number; value?: unknown; errorCode?: string };
const PENDING_AT = DAY + 24 * HOUR;

function serve(first: Protection, answers: Record<string, Answer | ((body: unknown) => Answer)> = {}) {
  return fakeServer(({ method, path, body }) => {
    if (method === 'GET' && path === '/wps/protection') return { value: first };
    if (method === 'GET' && path === '/wps/protection/organisations') return { value: { list: [] } };
    const answer = answers[`${method} ${path}`];
    return typeof answer === 'function' ? answer(body) : answer;
  });
}

const show = () => renderAt('/', <ResponsibleGamingPage forgetSession={() => undefined} />);
const row = (kind: string, period: string) =>
  screen.getAllByTestId('limit-row').find((r) => r.dataset.kind === kind && r.dataset.period === period)!;

describe('responsible gaming: limits', () => {
  it('shows the nine limits with what is set, used and left, and the rule in words', async () => {
    serve(protection([limit('DEPOSIT', 'DAY', { amount: '100.00', used: '20.00', left: '80.00' }), limit('LOSS', 'MONTH', { used: '5.50' })]));
    asMember();
    show();
    await screen.findByTestId('protection-page');
    const rows = screen.getAllByTestId('limit-row');
    expect(rows.map((r) => `${r.dataset.kind}/${r.dataset.period}`)).toEqual([
      'DEPOSIT/DAY', 'DEPOSIT/WEEK', 'DEPOSIT/MONTH',
      'LOSS/DAY', 'LOSS/WEEK', 'LOSS/MONTH',
      'WAGER/DAY', 'WAGER/WEEK', 'WAGER/MONTH',
    ]);
    const deposit = within(row('DEPOSIT', 'DAY'));
    expect(deposit.getByTestId('limit-amount').textContent).toBe('P 100.00');
    expect(deposit.getByText('Used this period: P 20.00 · Left: P 80.00')).toBeTruthy();
    expect(deposit.getByLabelText('New daily deposit limit')).toBeTruthy();
    expect(within(row('LOSS', 'MONTH')).getByTestId('limit-amount').textContent).toBe('No limit');
    expect(within(row('LOSS', 'MONTH')).getByText('Used this period: P 5.50')).toBeTruthy();
    expect(screen.getByTestId('limit-rule').textContent).toBe(
      'A lower limit applies at once. A higher limit, or removing a limit, applies only after 24 hours, and you can cancel it until then.',
    );
  });

  it('sends a new amount as PUT {kind, period, amount} and says it applies now', async () => {
    const lowered = protection([limit('WAGER', 'WEEK', { amount: '50.00', used: '0.00', left: '50.00' })]);
    const server = serve(protection([limit('WAGER', 'WEEK', { amount: '80.00', used: '0.00', left: '80.00' })]), {
      'PUT /wps/protection/limits': { value: lowered },
    });
    asMember();
    show();
    await screen.findByTestId('protection-page');
    const wager = within(row('WAGER', 'WEEK'));
    fireEvent.change(wager.getByTestId('limit-input'), { target: { value: '50' } });
    fireEvent.click(wager.getByTestId('limit-save'));
    await waitFor(() => expect(within(row('WAGER', 'WEEK')).getByTestId('limit-amount').textContent).toBe('P 50.00'));
    expect(server.calls('/wps/protection/limits', 'PUT').map((r) => r.body)).toEqual([{ kind: 'WAGER', period: 'WEEK', amount: '50.00' }]);
    expect(within(row('WAGER', 'WEEK')).getByTestId('limit-outcome').textContent).toBe('Saved: it applies now.');
    expect((within(row('WAGER', 'WEEK')).getByTestId('limit-input') as HTMLInputElement).value).toBe('');
  });

  it('shows a higher amount as a pending change with its time, and cancels it', async () => {
    const set = limit('DEPOSIT', 'MONTH', { amount: '100.00', used: '0.00', left: '100.00' });
    const raised = protection([{ ...set, pending: { amount: '200.00', effectiveAt: PENDING_AT } }]);
    const server = serve(protection([set]), {
      'PUT /wps/protection/limits': { value: raised },
      'DELETE /wps/protection/limits/DEPOSIT/MONTH/pending': { value: protection([set]) },
    });
    asMember();
    show();
    await screen.findByTestId('protection-page');
    expect(within(row('DEPOSIT', 'MONTH')).queryByTestId('limit-pending')).toBeNull();
    fireEvent.change(within(row('DEPOSIT', 'MONTH')).getByTestId('limit-input'), { target: { value: '200.5' } });
    fireEvent.click(within(row('DEPOSIT', 'MONTH')).getByTestId('limit-save'));
    const pending = await within(row('DEPOSIT', 'MONTH')).findByTestId('limit-pending');
    expect(server.calls('/wps/protection/limits', 'PUT')[0]!.body).toEqual({ kind: 'DEPOSIT', period: 'MONTH', amount: '200.50' });
    expect(pending.textContent).toContain('Changes to P 200.00 on 2026-12-02 07:00:00 GMT+7');
    expect(within(row('DEPOSIT', 'MONTH')).getByTestId('limit-outcome').textContent).toBe('Saved: it applies on 2026-12-02 07:00:00 GMT+7.');
    // The limit in force stays until then.
    expect(within(row('DEPOSIT', 'MONTH')).getByTestId('limit-amount').textContent).toBe('P 100.00');

    fireEvent.click(within(pending).getByTestId('limit-cancel'));
    await waitFor(() => expect(within(row('DEPOSIT', 'MONTH')).queryByTestId('limit-pending')).toBeNull());
    expect(server.calls('/wps/protection/limits/DEPOSIT/MONTH/pending', 'DELETE')).toHaveLength(1);
    expect(within(row('DEPOSIT', 'MONTH')).getByTestId('limit-outcome').textContent).toBe('Change cancelled.');
  });

  it('removes a limit with amount null, shown pending until it applies', async () => {
    const set = limit('LOSS', 'DAY', { amount: '30.00', used: '10.00', left: '20.00' });
    const server = serve(protection([set]), {
      'PUT /wps/protection/limits': { value: protection([{ ...set, pending: { amount: null, effectiveAt: PENDING_AT } }]) },
    });
    asMember();
    show();
    await screen.findByTestId('protection-page');
    fireEvent.click(within(row('LOSS', 'DAY')).getByTestId('limit-remove'));
    const pending = await within(row('LOSS', 'DAY')).findByTestId('limit-pending');
    expect(server.calls('/wps/protection/limits', 'PUT')[0]!.body).toEqual({ kind: 'LOSS', period: 'DAY', amount: null });
    expect(pending.textContent).toContain('Removed on 2026-12-02 07:00:00 GMT+7');
    // Nothing more to remove while the removal waits.
    expect(within(row('LOSS', 'DAY')).queryByTestId('limit-remove')).toBeNull();
  });

  it('refuses what is not an amount without asking the server, and shows a refusal in the words of its code', async () => {
    const server = serve(protection(), { 'PUT /wps/protection/limits': { status: 400, errorCode: 'VALIDATION_ERROR' } });
    asMember();
    show();
    await screen.findByTestId('protection-page');
    const deposit = within(row('DEPOSIT', 'DAY'));
    fireEvent.change(deposit.getByTestId('limit-input'), { target: { value: '1e3' } });
    fireEvent.click(deposit.getByTestId('limit-save'));
    expect(deposit.getByTestId('limit-outcome').textContent).toBe('Enter an amount, such as 100 or 100.50.');
    expect(server.calls('/wps/protection/limits', 'PUT')).toHaveLength(0);
    fireEvent.change(deposit.getByTestId('limit-input'), { target: { value: '10' } });
    fireEvent.click(deposit.getByTestId('limit-save'));
    await waitFor(() => expect(server.calls('/wps/protection/limits', 'PUT')).toHaveLength(1));
    await waitFor(() => expect(deposit.getByTestId('limit-outcome').textContent).toBe('Please Enter Correct Information'));
  });
});

describe('responsible gaming: session time and reality check', () => {
  it('sets the session limit in minutes, shows a pending raise and cancels it', async () => {
    const server = serve(protection([], { sessionMinutes: 60 }), {
      'PUT /wps/protection/session-limit': { value: protection([], { sessionMinutes: 60, sessionPending: { minutes: 120, effectiveAt: PENDING_AT } }) },
      'DELETE /wps/protection/session-limit/pending': { value: protection([], { sessionMinutes: 60 }) },
    });
    asMember();
    show();
    expect((await screen.findByTestId('session-minutes')).textContent).toBe('60 minutes');
    fireEvent.change(screen.getByTestId('session-input'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('session-save'));
    expect(screen.getByText('Enter whole minutes from 15 to 1440.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('session-input'), { target: { value: '120' } });
    fireEvent.click(screen.getByTestId('session-save'));
    expect((await screen.findByTestId('session-pending')).textContent).toContain('Changes to 120 minutes on 2026-12-02 07:00:00 GMT+7');
    expect(server.calls('/wps/protection/session-limit', 'PUT').map((r) => r.body)).toEqual([{ minutes: 120 }]);
    fireEvent.click(screen.getByTestId('session-cancel'));
    await waitFor(() => expect(screen.queryByTestId('session-pending')).toBeNull());
    expect(server.calls('/wps/protection/session-limit/pending', 'DELETE')).toHaveLength(1);
  });

  it("offers the server's reality-check choices and saves the one picked", async () => {
    const server = serve(protection(), { 'PUT /wps/protection/reality-check': { value: protection([], { realityCheckMinutes: 30 }) } });
    asMember();
    show();
    const select = (await screen.findByTestId('reality-check-minutes')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['15 minutes', '30 minutes', '45 minutes', '60 minutes', '90 minutes', '120 minutes']);
    expect(select.value).toBe('60');
    fireEvent.change(select, { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('reality-check-save'));
    await waitFor(() => expect(server.calls('/wps/protection/reality-check', 'PUT').map((r) => r.body)).toEqual([{ minutes: 30 }]));
    expect(await screen.findByText('Saved: it applies now.')).toBeTruthy();
  });
});
