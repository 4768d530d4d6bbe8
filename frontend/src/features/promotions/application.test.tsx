// The application activity on /promoDetail: the APPLY button opens the form (a remark counted as it is typed,
// at most 140 characters; up to three PNG or JPEG pictures of 5 MB at most, refused before sending, previewed,
// removable); it is sent as multipart and the page then shows the application waiting for review; a refused
// picture is said in words; a rejected application shows its reason, an approved one what it paid.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Brand } from '../../api/system';
import { brandAtom, languageAtom, tokenAtom } from '../../state/atoms';
import { store } from '../../state/store';
import type { PromotionDetail as Detail } from './api';
import { applicationFormAtom } from './applicationApi';
import { PromotionDetail } from './pages/PromotionDetail';
import { card, detail, fakeServer, PARAMS, renderAt, reward, setUp } from './testSupport';

beforeAll(setUp);
beforeEach(() => {
  store.set(brandAtom, { merchantCode: 'demo', currencySymbol: 'P' } as Brand);
  store.set(languageAtom, 'EN');
  store.set(tokenAtom, 'member-token');
  store.set(applicationFormAtom, null);
  let made = 0;
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: vi.fn(() => `blob:test/${made++}`) });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const APPLY_PARAMS = { ...PARAMS, amount: '10.00', percent: null, cap: null, minDeposit: null, claimMode: null, onePerAddress: false };
const open = (extra: Partial<Detail> = {}) =>
  detail(7, { kind: 'APPLICATION', category: 'OTHER', title: 'Big win bonus', status: 'JOIN', action: 'APPLY', params: APPLY_PARAMS, ...extra });
const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

function pick(files: File[]) {
  fireEvent.change(screen.getByTestId('application-files'), { target: { files } });
}

describe('applying', () => {
  it('opens the form from the APPLY button, checks before sending and sends multipart', async () => {
    const applying = reward(70, { promotionId: 7, kind: 'APPLICATION', status: 'APPLYING', amount: '0.00', claimBy: null, remark: 'My win', images: 1 });
    let sent = false;
    const server = fakeServer(({ method, path }) => {
      if (method === 'GET' && path === '/wps/promotions/7') {
        return { value: sent ? open({ status: 'APPLYING', action: null, entry: applying }) : open() };
      }
      if (method === 'POST' && path === '/wps/promotions/7/apply') {
        sent = true;
        return { value: { promotion: card(7, { kind: 'APPLICATION', status: 'APPLYING', action: null }), reward: applying } };
      }
      return undefined;
    });
    renderAt('/promoDetail?id=7', <PromotionDetail />);
    const button = await screen.findByRole('button', { name: 'Apply' });
    expect(screen.queryByTestId('promo-application-form')).toBeNull();
    await act(async () => {
      fireEvent.click(button);
    });
    const form = await screen.findByTestId('promo-application-form');

    const remark = within(form).getByLabelText('Remark');
    fireEvent.change(remark, { target: { value: 'x'.repeat(141) } });
    expect(within(form).getByText('141/140')).toBeTruthy();
    expect((within(form).getByRole('button', { name: 'Send application' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(remark, { target: { value: ' My win 🎰 ' } });
    expect(within(form).getByText('8/140')).toBeTruthy();

    pick([file('a.gif', 'image/gif')]);
    expect(within(form).getByRole('alert').textContent).toBe('Only PNG or JPEG pictures can be attached.');
    pick([file('big.png', 'image/png', 5 * 1024 * 1024 + 1)]);
    expect(within(form).getByRole('alert').textContent).toBe('Each picture can be at most 5 MB.');
    pick([file('a.png', 'image/png'), file('b.jpg', 'image/jpeg'), file('c.png', 'image/png'), file('d.png', 'image/png')]);
    expect(within(form).getByRole('alert').textContent).toBe('You can attach at most 3 pictures.');
    expect(within(form).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['a.png', 'b.jpg', 'c.png']);
    fireEvent.click(within(form).getByRole('button', { name: 'Remove b.jpg' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Remove c.png' }));
    expect(within(form).getAllByRole('img')).toHaveLength(1);

    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Send application' }));
    });
    await waitFor(() => expect(screen.getByTestId('promo-application').textContent).toContain('waiting for review'));
    expect(screen.queryByTestId('promo-application-form')).toBeNull();
    const [call] = server.calls('/wps/promotions/7/apply', 'POST');
    expect(call!.headers.Authorization).toBe('member-token');
    const fetchMock = vi.mocked(fetch);
    const init = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/wps/promotions/7/apply'))![1]!;
    const body = init.body as FormData;
    expect(body.get('remark')).toBe('My win 🎰');
    expect((body.getAll('images') as File[]).map((f) => f.name)).toEqual(['a.png']);
  });

  it('says a picture the server refused in words, and keeps the form', async () => {
    fakeServer(({ method, path }) => {
      if (method === 'GET' && path === '/wps/promotions/7') return { value: open() };
      if (method === 'POST' && path === '/wps/promotions/7/apply') return { status: 422, errorCode: 'FEEDBACK_IMAGE_INVALID' };
      return undefined;
    });
    store.set(applicationFormAtom, 7);
    renderAt('/promoDetail?id=7', <PromotionDetail />);
    const form = await screen.findByTestId('promo-application-form');
    pick([file('a.png', 'image/png')]);
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Send application' }));
    });
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('A picture could not be read. Attach a PNG or JPEG picture.'));
  });
});

describe('the application as staff left it', () => {
  it('shows a rejection with its reason, and an approval with what it paid', async () => {
    const rejected = reward(70, { promotionId: 7, kind: 'APPLICATION', status: 'REJECTED', amount: '0.00', claimBy: null, reviewReason: 'The screenshot is unreadable' });
    let entry = rejected;
    fakeServer(({ method, path }) => {
      if (method === 'GET' && path === '/wps/promotions/7') return { value: open({ status: entry.status === 'REJECTED' ? 'REJECTED' : 'ISSUED', action: null, entry }) };
      return undefined;
    });
    const view = renderAt('/promoDetail?id=7', <PromotionDetail />);
    const shown = await screen.findByTestId('promo-application');
    expect(shown.textContent).toContain('Your application was not approved.');
    expect(shown.textContent).toContain('The screenshot is unreadable');
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
    view.unmount();

    entry = reward(70, { promotionId: 7, kind: 'APPLICATION', status: 'ISSUED', amount: '10.00', claimBy: null });
    renderAt('/promoDetail?id=7', <PromotionDetail />);
    await waitFor(() => expect(screen.getByTestId('promo-application').textContent).toMatch(/you received P\s?10\.00/));
  });
});
