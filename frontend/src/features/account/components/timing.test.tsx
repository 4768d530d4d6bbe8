import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { CLOSE_DELAY_MS, CountryCodeSelect } from './CountryCodeSelect';
import { PRESS_THROTTLE_MS, SECONDS_PER_EXPIRY_MINUTE, SmsCodeButton } from './SmsCodeButton';

vi.mock('../../../i18n/react', () => ({
  useTranslation: () => ({
    t: (key: string, values?: Record<string, unknown>) => (values?.seconds !== undefined ? `${values.seconds} s` : key),
  }),
}));

vi.mock('../countries', async () => {
  const { atom } = await import('jotai');
  const countries = [
    { countryCode: 'PH', countryDialingCode: '+63' },
    { countryCode: 'VN', countryDialingCode: '+84' },
  ];
  return { countriesAtom: atom(() => countries, async () => undefined), flagUrl: () => '' };
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('SMS code button', () => {
  it('counts down 60 s per expiry minute and makes no request meanwhile', async () => {
    const send = vi.fn().mockResolvedValue(2);
    render(<SmsCodeButton send={send} ready={() => true} onError={() => undefined} />);
    await act(async () => fireEvent.click(screen.getByRole('button')));
    expect(send).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button').textContent).toBe(`${2 * SECONDS_PER_EXPIRY_MINUTE} s`);
    const tick = async (seconds: number) => {
      for (let n = 0; n < seconds; n += 1) await act(async () => vi.advanceTimersByTimeAsync(1000));
    };
    await tick(3);
    expect(screen.getByRole('button').textContent).toBe('117 s');
    await act(async () => fireEvent.click(screen.getByRole('button')));
    expect(send).toHaveBeenCalledTimes(1);
    await tick(117);
    expect(screen.getByRole('button').textContent).toBe('account.sms.getCode');
  });

  it('takes one press a second, and none while the number is not valid', async () => {
    const send = vi.fn().mockRejectedValue(new Error('refused'));
    const onError = vi.fn();
    let valid = false;
    render(<SmsCodeButton send={send} ready={() => valid} onError={onError} />);
    await act(async () => fireEvent.click(screen.getByRole('button')));
    expect(send).not.toHaveBeenCalled();
    valid = true;
    await act(async () => fireEvent.click(screen.getByRole('button'))); // within the second: ignored
    expect(send).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTimeAsync(PRESS_THROTTLE_MS));
    await act(async () => fireEvent.click(screen.getByRole('button')));
    expect(send).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button').textContent).toBe('account.sms.getCode'); // a failure keeps it usable
  });
});

describe('country code selector', () => {
  it('closes 200 ms after it loses focus', async () => {
    const onChange = vi.fn();
    render(<CountryCodeSelect value="+63" onChange={onChange} />);
    const toggle = screen.getByRole('button', { name: 'account.fields.countryCode' });
    await act(async () => fireEvent.click(toggle));
    expect(screen.getByRole('listbox')).toBeTruthy();
    await act(async () => fireEvent.blur(toggle));
    await act(async () => vi.advanceTimersByTimeAsync(CLOSE_DELAY_MS - 1));
    expect(screen.queryByRole('listbox')).not.toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('sets the dialing code of the chosen country', async () => {
    const onChange = vi.fn();
    render(<CountryCodeSelect value="+63" onChange={onChange} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'account.fields.countryCode' })));
    await act(async () => fireEvent.click(screen.getByText('+84')));
    expect(onChange).toHaveBeenCalledWith('+84');
  });
});
