import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError, call } from '../api/client';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, CaptchaImage } from './CaptchaImage';

vi.mock('../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/client')>()),
  call: vi.fn(),
}));
vi.mock('../i18n/react', () => ({ useTranslation: () => ({ t: (key: string) => `t:${key}` }) }));

const mockedCall = vi.mocked(call);

// Resolved calls settle on the microtask queue, which fake timers leave alone.
const settle = () => act(async () => undefined);
const refreshButton = () => screen.getByRole('button', { name: 't:security.newImage' });

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

  it('shows the fetched image at the size it is drawn, with a translated refresh button beside it', async () => {
    render(<CaptchaImage />);
    await settle();
    expect(mockedCall).toHaveBeenCalledWith('/wps/captcha', expect.objectContaining({ signal: expect.any(AbortSignal) }));
    const img = screen.getByAltText('t:security.captchaAlt');
    expect(img.getAttribute('src')).toBe('data:image/png;base64,PNG1');
    expect([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]).toEqual([160, 60]);
    expect(img.getAttribute('width')).toBe('160');
    expect(img.getAttribute('height')).toBe('60');
    const button = refreshButton();
    expect(button.getAttribute('type')).toBe('button'); // never submits the form it sits in
    expect(button.contains(img)).toBe(false);
  });

  it('refreshes from the button at most once per second', async () => {
    render(<CaptchaImage />);
    await settle();
    const button = refreshButton();
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

    // A double click loads one image.
    vi.advanceTimersByTime(1000);
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.doubleClick(button);
    await settle();
    expect(mockedCall).toHaveBeenCalledTimes(3);

    vi.advanceTimersByTime(999);
    fireEvent.click(button);
    await settle();
    expect(mockedCall).toHaveBeenCalledTimes(3);

    vi.advanceTimersByTime(1);
    fireEvent.click(button);
    await settle();
    expect(mockedCall).toHaveBeenCalledTimes(4);
  });

  it('refreshes when the image itself is clicked, under the same limit', async () => {
    render(<CaptchaImage />);
    await settle();
    vi.advanceTimersByTime(1000);
    fireEvent.click(screen.getByRole('img'));
    await settle();
    expect(mockedCall).toHaveBeenCalledTimes(2);
    fireEvent.click(refreshButton());
    fireEvent.click(screen.getByRole('img'));
    await settle();
    expect(mockedCall).toHaveBeenCalledTimes(2);
  });

  it('refreshes when refreshKey changes, whatever the click throttle says', async () => {
    const { rerender } = render(<CaptchaImage refreshKey={0} />);
    await settle();
    rerender(<CaptchaImage refreshKey={1} />);
    await settle();
    expect(mockedCall).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('img').getAttribute('src')).toBe('data:image/png;base64,PNG2');
    // The forced refresh counts as the last load for the click throttle too.
    fireEvent.click(refreshButton());
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

  it('says why when the server refuses an image, and offers a retry', async () => {
    mockedCall.mockRejectedValueOnce(new ApiError('TOO_MANY_REQUEST', 'Too many requests', 429));
    render(<CaptchaImage />);
    await settle();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('t:errors.TOO_MANY_REQUEST');
    vi.advanceTimersByTime(1000);
    fireEvent.click(refreshButton());
    await settle();
    expect(screen.getByRole('img').getAttribute('src')).toBe('data:image/png;base64,PNG1');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
