// The member's account records in words: each line's type with what happened beneath it (a bet, a win, an
// agent's payment), and its reference as a round or an order, never the ledger's code.
import { cleanup, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { store } from '../../state/store';
import { type Records, walletApi } from './api';
import { TransactionHistoryPage } from './pages/RecordsPages';

vi.mock('../../i18n/react', () => ({
  useTranslation: () => ({
    t: (key: string, values?: Record<string, unknown>) => (values ? `t:${key} ${JSON.stringify(values)}` : `t:${key}`),
  }),
}));

const line = (id: number, kind: string, type: string, amount: string, reference: string) => ({
  id, kind, type, wallet: 'MAIN', amount, balanceAfter: '100.00', reference, createdAt: '2026-12-01T10:00:00Z',
});
const page: Records = { pageNum: 1, totalPages: 1, total: 5, list: [
  line(5, 'GAME_WIN', 'GAME', '3.00', 'game:HOUSE_FISH:H27N2'),
  line(4, 'GAME_BET', 'GAME', '-1.00', 'game:HOUSE_LIVE:T1.baccarat-a.1234'),
  line(3, 'DOWNLINE_TRANSFER', 'TRANSFER', '1.00', 'downline:9'),
  line(2, 'DEPOSIT', 'DEPOSIT', '50.00', 'deposit:D202612010001'),
  line(1, 'BONUS', 'BONUS', '5.00', 'Welcome: December'),
] };

beforeEach(() => {
  vi.spyOn(walletApi, 'records').mockResolvedValue(page);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("the member's account records", () => {
  it('label the type, the ledger kind and the reference', async () => {
    render(<Provider store={store}><TransactionHistoryPage /></Provider>);
    const rows = within(await screen.findByTestId('records')).getAllByRole('row').slice(1);
    const cells = rows.map((row) => within(row).getAllByRole('cell'));
    expect(cells.map((c) => [c[1]!.textContent, c[4]!.textContent])).toEqual([
      ['t:wallet.records.types.GAMEt:wallet.records.kinds.GAME_WIN', 't:wallet.records.refs.game {"round":"H27N2"}'],
      ['t:wallet.records.types.GAMEt:wallet.records.kinds.GAME_BET', 't:wallet.records.refs.game {"round":"#1234"}'],
      ['t:wallet.records.types.TRANSFERt:wallet.records.kinds.DOWNLINE_TRANSFER', 't:wallet.records.refs.fromUpline'],
      ['t:wallet.records.types.DEPOSITt:wallet.records.kinds.DEPOSIT', 't:wallet.records.refs.order {"order":"D202612010001"}'],
      // A bonus's reference is the reason the operator wrote.
      ['t:wallet.records.types.BONUSt:wallet.records.kinds.BONUS', 'Welcome: December'],
    ]);
    expect(screen.getByTestId('records').textContent).not.toMatch(/game:|HOUSE_FISH|downline:/);
  });
});
