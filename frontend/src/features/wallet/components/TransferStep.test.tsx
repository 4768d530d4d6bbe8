import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { call } from '../../../api/client';
import type { Brand } from '../../../api/system';
import { brandAtom } from '../../../state/atoms';
import { transferStepAtom } from '../../../state/gameLaunch';
import { store } from '../../../state/store';
import { TransferStep } from './TransferStep';

vi.mock('../../../api/client', () => ({ call: vi.fn(), ApiError: class extends Error {} }));
vi.mock('../../../i18n/react', () => ({
  useTranslation: () => ({
    t: (key: string, values?: Record<string, unknown>) => (values ? `t:${key} ${JSON.stringify(values)}` : `t:${key}`),
  }),
}));
const mockedCall = vi.mocked(call);

const offer = (walletBalance: string) => ({ walletCode: 'HOUSE', walletName: 'House games', walletBalance, mainBalance: '500.00' });

function open(walletBalance = '0.00') {
  const launch = vi.fn(() => Promise.resolve());
  act(() => store.set(transferStepAtom, { offer: offer(walletBalance), launch }));
  render(
    <Provider store={store}>
      <TransferStep />
    </Provider>,
  );
  return { launch, dialog: screen.getByTestId('transfer-step') };
}

beforeEach(() => {
  store.set(brandAtom, { currencySymbol: 'P' } as Brand);
  store.set(transferStepAtom, null);
});

afterEach(() => {
  cleanup();
  mockedCall.mockReset();
});

describe('the transfer before a game that plays from its own wallet', () => {
  it('offers the whole main balance, moves it into the game wallet and then opens the game', async () => {
    mockedCall.mockResolvedValue({ transferId: 1, replayed: false, sumBalance: '500.00' } as never);
    const { launch, dialog } = open();
    expect(within(dialog).getByTestId('transfer-step-main').textContent).toBe('P 500.00');
    expect(within(dialog).getByTestId('transfer-step-game').textContent).toBe('P 0.00');
    const amount = within(dialog).getByLabelText('t:wallet.amount') as HTMLInputElement;
    expect(amount.value).toBe('500.00');
    fireEvent.change(amount, { target: { value: '120.50' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 't:wallet.transferStep.submit' })));
    expect(mockedCall).toHaveBeenCalledWith('/wps/relay/GCS_walletTransfer', expect.objectContaining({
      method: 'POST',
      body: expect.objectContaining({ fromVendor: '', toVendor: 'HOUSE', amount: '120.50' }),
    }));
    expect(launch).toHaveBeenCalledTimes(1);
    expect(store.get(transferStepAtom)).toBeNull();
  });

  it('keeps the dialog with the reason when the transfer is refused, and launches nothing', async () => {
    mockedCall.mockRejectedValue(new Error('refused'));
    const { launch, dialog } = open();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 't:wallet.transferStep.submit' })));
    expect(within(dialog).getByRole('alert')).toBeTruthy();
    expect(launch).not.toHaveBeenCalled();
    expect(store.get(transferStepAtom)).not.toBeNull();
  });

  it('refuses an amount that is not one, and lets a player with money in the game play with it', async () => {
    const { launch, dialog } = open('25.00');
    fireEvent.change(within(dialog).getByLabelText('t:wallet.amount'), { target: { value: '1.234' } });
    expect((within(dialog).getByRole('button', { name: 't:wallet.transferStep.submit' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: /t:wallet.transferStep.playWith/ })));
    expect(mockedCall).not.toHaveBeenCalled();
    expect(launch).toHaveBeenCalledTimes(1);
  });

  it('offers no "play with" when the game wallet is empty', () => {
    const { dialog } = open('0.00');
    expect(within(dialog).queryByRole('button', { name: /t:wallet.transferStep.playWith/ })).toBeNull();
  });
});
