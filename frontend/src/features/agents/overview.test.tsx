import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRequestContext } from '../../api/client';
import { store } from '../../state/store';
import type { TeamOverview } from './api';
import { TeamOverviewPage } from './pages/TeamOverviewPage';
import { fakeServer } from './testServer';

// The key and its values; errorText's defaultValue is how it asks, not part of the text.
const t = vi.hoisted(() => (key: string, { defaultValue: _, ...values }: Record<string, unknown> = {}) =>
  Object.keys(values).length ? `${key} ${JSON.stringify(values)}` : key);
vi.mock('../../i18n/react', () => ({ useTranslation: () => ({ t }) }));

const OVERVIEW = '/wps/agent/team/overview';
const figures = (members: number, deposits: string, profitLoss: string) => ({
  members, newMembers: 1, activeMembers: 2, deposits, withdrawals: '0.00', stakes: '300.00', profitLoss,
});

function overview(period: TeamOverview['period'], total: TeamOverview['total'], levels: TeamOverview['levels']): { value: TeamOverview } {
  return { value: { period, start: 0, end: 1, total, levels } };
}

let server: ReturnType<typeof fakeServer>;
const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

beforeEach(() => {
  setRequestContext(() => ({ merchant: 'demo', token: 'agent-token', language: 'EN' }));
  server = fakeServer();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('team overview', () => {
  it("shows today's figures as the server sent them, in total and by level", async () => {
    server.once('GET', OVERVIEW, overview('TODAY', figures(5, '1234.50', '-20.10'), [
      { level: 1, ...figures(3, '1000.00', '-20.10') },
      { level: 2, ...figures(2, '234.50', '0.00') },
    ]));
    render(<Provider store={store}><TeamOverviewPage /></Provider>);
    await flush();
    expect(server.calls('GET', OVERVIEW).map((c) => c.query)).toEqual([{ period: 'TODAY' }]);
    const totals = screen.getByTestId('agent-totals');
    expect(within(totals).getByText('P 1,234.50')).toBeTruthy();
    expect(within(totals).getByText('-P 20.10').className).toContain('negative');
    expect(within(totals).getByText('5')).toBeTruthy();
    const rows = within(screen.getByTestId('agent-levels')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('agentCentre.overview.direct');
    expect(rows[1]!.textContent).toContain('P 1,000.00');
    expect(rows[2]!.textContent).toContain('agentCentre.overview.levelN {"level":2}');
    expect(rows[2]!.textContent).toContain('P 234.50');
    expect(screen.getByRole('button', { name: 'agentCentre.periods.TODAY' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('asks again for the period chosen and shows its figures, not the earlier ones', async () => {
    server.once('GET', OVERVIEW, overview('TODAY', figures(5, '10.00', '0.00'), []));
    server.once('GET', OVERVIEW, overview('THIS_MONTH', figures(9, '98765.43', '12.00'), [{ level: 1, ...figures(9, '98765.43', '12.00') }]));
    render(<Provider store={store}><TeamOverviewPage /></Provider>);
    await flush();
    expect(screen.getByText('agentCentre.overview.noTeam')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'agentCentre.periods.THIS_MONTH' }));
    await flush();
    expect(server.calls('GET', OVERVIEW).map((c) => c.query.period)).toEqual(['TODAY', 'THIS_MONTH']);
    expect(screen.getByRole('button', { name: 'agentCentre.periods.THIS_MONTH' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'agentCentre.periods.TODAY' }).getAttribute('aria-pressed')).toBe('false');
    expect(within(screen.getByTestId('agent-totals')).getAllByText('P 98,765.43')).toHaveLength(1);
    expect(screen.queryByText('P 10.00')).toBeNull();
  });

  it("shows the server's refusal in the player's words", async () => {
    server.once('GET', OVERVIEW, { code: 'AGENT_ONLY', status: 403 });
    render(<Provider store={store}><TeamOverviewPage /></Provider>);
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('errors.AGENT_ONLY');
  });
});
