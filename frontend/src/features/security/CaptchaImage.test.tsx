import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { call } from '../../api/client';
import { CaptchaImage } from './CaptchaImage';

vi.mock('../../api/client', () => ({ call: vi.fn() }));
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => `t:${key}` }) }));

const mockedCall = vi.mocked(call);

// Resolved calls settle on the microtask queue, which fake timers leave alone.
const settle = () => act(async () => undefined);

describe('CaptchaImage', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    let served = 0;
    mockedCall.mockImplementation(() => Promise.resolve(`PNG${++served}` as never));
  });

  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    mockedCall.mockReset();
  });

  it('shows the fetched image with its translated labels', async () => {
    render(<CaptchaImage />);
    await settle();
    expect(mockedCall).toHaveBeenCalledWith('/wps/captcha', expect.objectContaining({ signal: expect.any(AbortSignal) }));
    const button = screen.getByRole('button', { name: 't:security.refreshCaptcha' });
    const img = screen.getByAltText('t:security.captchaAlt');
    expect(button.contains(img)).toBe(true);
    expect(img.getAttribute('src')).toBe('data:image/png;base64,PNG1');
  });

  it('refreshes on click at most once per second', async () => {
    render(<CaptchaImage />);
    await settle();
    const button = screen.getByRole('button');
    expect(mockedCall).toHaveBeenCalledTimes(1);

    fireEvent.click(button);
    vi.advanceTimersByTime(500);
    fireEvent.click(button);
    await settle();
    expect(mockedCall).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(500);
    fireEvent.click(button);
    await settle();
    expect(mockedCall).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('img').getAttribute('src')).toBe('data:image/png;base64,PNG2');

    fireEvent.click(button);
    fireEvent.click(button);
    vi.advanceTimersByTime(999);
    fireEvent.click(button);
    await settle();
    expect(mockedCall).toHaveBeenCalledTimes(2);

    vi.advanceTimersByTime(1);
    fireEvent.click(button);
    await settle();
    expect(mockedCall).toHaveBeenCalledTimes(3);
  });

  it('refreshes when refreshKey changes, whatever the click throttle says', async () => {
    const { rerender } = render(<CaptchaImage refreshKey={0} />);
    await settle();
    rerender(<CaptchaImage refreshKey={1} />);
    await settle();
    expect(mockedCall).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('img').getAttribute('src')).toBe('data:image/png;base64,PNG2');
    // The forced refresh counts as the last load for the click throttle too.
    fireEvent.click(screen.getByRole('button'));
    await settle();
    expect(mockedCall).toHaveBeenCalledTimes(2);
  });

  it('keeps only the newest image when answers arrive out of order', async () => {
    const pending: ((png: string) => void)[] = [];
    mockedCall.mockImplementation(() => new Promise((resolve) => pending.push(resolve as (png: string) => void)));
    const { rerender } = render(<CaptchaImage refreshKey={0} />);
    rerender(<CaptchaImage refreshKey={1} />);
    await act(async () => pending[1]!('NEW'));
    await act(async () => pending[0]!('OLD'));
    expect(screen.getByRole('img').getAttribute('src')).toBe('data:image/png;base64,NEW');
  });

  it('offers a retry when the fetch fails', async () => {
    mockedCall.mockRejectedValueOnce(new Error('429'));
    render(<CaptchaImage />);
    await settle();
    expect(screen.queryByRole('img')).toBeNull();
    vi.advanceTimersByTime(1000);
    fireEvent.click(screen.getByRole('button', { name: 't:security.refreshCaptcha' }));
    await settle();
    expect(screen.getByRole('img').getAttribute('src')).toBe('data:image/png;base64,PNG1');
  });
});
