// Invite friends (referral): the member's code, link (Copy; Share through the phone's share sheet, else
// Copy; WhatsApp, Telegram and Facebook), the server's QR code of the link, the rules, what was earned and
// each invitee with their status. English and Chinese.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { showLanguage } from '../../i18n';
import { languageAtom } from '../../state/atoms';
import { store } from '../../state/store';
import type { Referral } from './api';
import { ReferralPage, shareLinks } from './pages/ReferralPage';
import { asMember, DAY, fakeServer, renderAt, setUp } from './testSupport';

beforeAll(setUp);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await showLanguage('EN');
});

const LINK = 'https://demo.example/?referralCode=AMELIA7';
const REFERRAL: Referral = {
  code: 'AMELIA7',
  link: LINK,
  qrUrl: '/wps/member/referral/qr.svg',
  rules: { reward: '50.00', deposit: '100.00', turnover: '500.00', days: 14, wagerMultiple: 1 },
  earned: '50.00',
  invitees: [
    { name: 'jo***', registeredAt: DAY, status: 'REWARDED', deposit: '200.00', turnover: '900.00', reward: '50.00' },
    { name: 'ma***', registeredAt: DAY, status: 'REGISTERED', deposit: '0.00', turnover: '0.00', reward: null },
    { name: 'am***', registeredAt: DAY, status: 'INELIGIBLE', deposit: '100.00', turnover: '0.00', reward: null },
  ],
};

function serve(referral: Referral = REFERRAL) {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:qr', revokeObjectURL: () => undefined }));
  return fakeServer(({ path }) => {
    if (path === '/wps/member/referral') return { value: referral };
    // The picture itself: any body will do, the page shows it from an object URL.
    if (path === '/wps/member/referral/qr.svg') return { value: '<svg/>' };
    return undefined;
  });
}

describe('invite friends', () => {
  it('shows the code, the link, the rules, the earnings and each invitee with their status', async () => {
    serve();
    asMember();
    renderAt('/', <ReferralPage />);
    expect((await screen.findByTestId('referral-code')).textContent).toBe('AMELIA7');
    expect((screen.getByTestId('referral-link') as HTMLInputElement).value).toBe(LINK);
    expect(screen.getByTestId('referral-earned').textContent).toBe('P 50.00');
    const rules = within(screen.getByTestId('referral-rules')).getAllByRole('listitem').map((li) => li.textContent);
    expect(rules[0]).toBe('You receive P 50.00 for each friend who qualifies.');
    expect(rules[1]).toBe('A friend qualifies with a first deposit of at least P 100.00 and valid turnover of at least P 500.00 within 14 days of registering.');
    expect(rules[2]).toBe('Wager the reward 1× before you withdraw it.');
    const invitees = screen.getAllByTestId('invitee');
    expect(within(invitees[0]!).getByText('Rewarded')).toBeTruthy();
    expect(within(invitees[0]!).getByText('Reward: P 50.00')).toBeTruthy();
    expect(within(invitees[1]!).getByText('Registered')).toBeTruthy();
    expect(within(invitees[2]!).getByText('Not eligible')).toBeTruthy();
    expect(within(invitees[0]!).getByText('Registered 2026-12-01 07:00:00 GMT+7 · deposit P 200.00 · turnover P 900.00')).toBeTruthy();
  });

  it("shows the server's QR code of the link, fetched with the session", async () => {
    const server = serve();
    asMember();
    renderAt('/', <ReferralPage />);
    const qr = await screen.findByTestId('referral-qr');
    expect(qr.getAttribute('src')).toBe('blob:qr');
    expect(server.calls('/wps/member/referral/qr.svg')[0]?.headers.Authorization).toBe('member-token');
  });

  it('copies the link, and shares it through the share sheet where there is one, else copies it', async () => {
    serve({ ...REFERRAL, qrUrl: null });
    asMember();
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderAt('/', <ReferralPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(screen.getByTestId('referral-copy-status').textContent).toBe('The link is copied: paste it to your friends.'));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(screen.queryByTestId('referral-qr')).toBeNull();

    fireEvent.click(screen.getByTestId('referral-share'));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(2));

    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText }, share });
    await act(async () => fireEvent.click(screen.getByTestId('referral-share')));
    expect(share).toHaveBeenCalledWith({ title: 'Play with me', text: 'Join me and play:', url: LINK });
    expect(writeText).toHaveBeenCalledTimes(2);

    expect(screen.getByTestId('share-whatsapp').getAttribute('href')).toBe(shareLinks(LINK, 'Join me and play:')[0]!.href);
    expect(screen.getByTestId('share-telegram').getAttribute('href')).toContain(`url=${encodeURIComponent(LINK)}`);
    expect(screen.getByTestId('share-facebook').getAttribute('href')).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(LINK)}`);
  });

  it('reads in Chinese, and says when nobody has registered yet', async () => {
    serve({ ...REFERRAL, invitees: [], earned: '0.00', qrUrl: null });
    asMember();
    store.set(languageAtom, 'CN');
    await showLanguage('CN');
    renderAt('/', <ReferralPage />);
    expect(await screen.findByText('还没有人通过您的链接注册。')).toBeTruthy();
    expect(screen.getByText('我的邀请链接')).toBeTruthy();
    expect(screen.getByRole('button', { name: '复制' })).toBeTruthy();
  });

  it("shows the server's refusal (an agent, the switch off) in words", async () => {
    fakeServer(({ path }) => (path === '/wps/member/referral' ? { status: 403, errorCode: 'MODULE_DISABLED' } : undefined));
    asMember();
    renderAt('/', <ReferralPage />);
    expect((await screen.findByRole('alert')).textContent).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
