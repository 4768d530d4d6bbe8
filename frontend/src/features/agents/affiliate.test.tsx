import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRequestContext } from '../../api/client';
import type { Brand } from '../../api/system';
import { brandAtom, languageAtom, tokenAtom } from '../../state/atoms';
import { store } from '../../state/store';
import type { AffiliateLink } from './api';
import { AffiliatePage, COPIED_FOR_MS } from './pages/AffiliatePage';
import { fakeServer } from './testServer';

// The key and its values; errorText's defaultValue is how it asks, not part of the text.
const t = vi.hoisted(() => (key: string, { defaultValue: _, ...values }: Record<string, unknown> = {}) =>
  Object.keys(values).length ? `${key} ${JSON.stringify(values)}` : key);
vi.mock('../../i18n/react', () => ({ useTranslation: () => ({ t }) }));

const LINK = '/wps/agent/affiliate/link';
const QR = '/wps/agent/affiliate/qr.svg';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><path class="qrline" d="M4 4h7"/></svg>';
const mine: AffiliateLink = { code: 'K7PQ2MZX', link: 'https://demo.localhost/register?affiliateCode=K7PQ2MZX', qrUrl: QR };

let server: ReturnType<typeof fakeServer>;
// The QR code's requests, with their headers: the SVG is no envelope, so it is answered here.
let pictures: { path: string; headers: Record<string, string> }[];
let picture: () => Promise<Response>;
let objectUrls: string[];
const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

function clipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: writeText ? { writeText: vi.fn(writeText) } : undefined,
  });
  return navigator.clipboard as unknown as { writeText: ReturnType<typeof vi.fn> } | undefined;
}

async function show(answer: { value: AffiliateLink } | { code: string; status: number } = { value: mine }) {
  server.once('GET', LINK, answer);
  render(<Provider store={store}><AffiliatePage /></Provider>);
  await flush();
  await flush();
}

beforeEach(() => {
  setRequestContext(() => ({ merchant: 'demo', token: 'agent-token', language: 'EN' }));
  store.set(brandAtom, { merchantCode: 'demo' } as Brand);
  store.set(tokenAtom, 'agent-token');
  store.set(languageAtom, 'CN');
  server = fakeServer();
  const envelopes = globalThis.fetch;
  pictures = [];
  picture = () => Promise.resolve(new Response(SVG, { headers: { 'Content-Type': 'image/svg+xml' } }));
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    if (!url.endsWith('.svg')) return envelopes(url, init);
    pictures.push({ path: url, headers: init.headers as Record<string, string> });
    return picture();
  });
  objectUrls = [];
  vi.stubGlobal('URL', Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => `blob:qr-${objectUrls.push(blob.type)}`),
    revokeObjectURL: vi.fn(),
  }));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clipboard(undefined);
  store.set(brandAtom, null);
  store.set(tokenAtom, null);
  store.set(languageAtom, 'EN');
});

describe('my link', () => {
  it("shows the code, the link and the link's QR code, fetched with the session's headers", async () => {
    await show();
    expect(server.calls('GET', LINK)).toHaveLength(1);
    expect(screen.getByTestId('agent-affiliate-code').textContent).toBe('K7PQ2MZX');
    expect((screen.getByLabelText('agentCentre.affiliate.link') as HTMLInputElement).value).toBe(mine.link);
    expect(pictures).toEqual([{ path: QR, headers: { Merchant: 'demo', Authorization: 'agent-token', Language: 'CN' } }]);
    const image = screen.getByRole('img', { name: 'agentCentre.affiliate.qr' });
    expect(image.getAttribute('src')).toBe('blob:qr-1');
    expect(objectUrls).toEqual(['image/svg+xml']);
    // Leaving the page lets the picture go.
    cleanup();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:qr-1');
  });

  it('copies the link, says so, and turns back to Copy', async () => {
    const board = clipboard(() => Promise.resolve())!;
    await show();
    vi.useFakeTimers();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'agentCentre.affiliate.copy' })));
    expect(board.writeText).toHaveBeenCalledWith(mine.link);
    expect(screen.getByRole('button', { name: 'agentCentre.affiliate.copied' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('agentCentre.affiliate.copiedNote');
    await act(async () => vi.advanceTimersByTime(COPIED_FOR_MS));
    expect(screen.getByRole('button', { name: 'agentCentre.affiliate.copy' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it.each([
    ['refused', () => Promise.reject(new DOMException('denied', 'NotAllowedError'))],
    ['missing', undefined],
  ] as const)('selects the link for copying by hand when the clipboard is %s', async (_, writeText) => {
    clipboard(writeText);
    await show();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'agentCentre.affiliate.copy' })));
    expect(screen.getByRole('status').textContent).toBe('agentCentre.affiliate.copyRefused');
    const input = screen.getByLabelText('agentCentre.affiliate.link') as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, mine.link!.length]);
    expect(screen.getByRole('button', { name: 'agentCentre.affiliate.copy' })).toBeTruthy();
  });

  it('says so when the QR code cannot be fetched, the link still there', async () => {
    picture = () => Promise.resolve(new Response(JSON.stringify({ success: false, errorCode: 'NOT_FOUND', message: 'x', value: null }), { status: 404 }));
    await show();
    expect(screen.getByRole('alert').textContent).toBe('agentCentre.affiliate.qrFailed');
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByLabelText('agentCentre.affiliate.link')).toBeTruthy();
  });

  it('gives the code alone when the brand has no domain to link to', async () => {
    await show({ value: { code: 'K7PQ2MZX', link: null, qrUrl: null } });
    expect(screen.getByTestId('agent-affiliate-code').textContent).toBe('K7PQ2MZX');
    expect(screen.getByTestId('agent-affiliate-no-link').textContent).toBe('agentCentre.affiliate.noLink');
    expect(screen.queryByRole('button', { name: 'agentCentre.affiliate.copy' })).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    expect(pictures).toEqual([]);
  });

  it("shows the server's refusal in the agent's words", async () => {
    await show({ code: 'AGENT_ONLY', status: 403 });
    expect(screen.getByRole('alert').textContent).toBe('errors.AGENT_ONLY');
    expect(pictures).toEqual([]);
  });
});
