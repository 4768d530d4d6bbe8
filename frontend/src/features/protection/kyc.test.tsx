// Verify identity: where the member's check stands (with a rejection's reason), the brand's rule in words, and
// the form: the document type, front, back (not for a passport) and an optional selfie, each previewed, sent as
// one multipart POST; pictures the server would refuse are refused first.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';

import type { KycStatus } from './api';
import { VerifyIdentityPage } from './pages/VerifyIdentityPage';
import { asMember, DAY, fakeServer, HOUR, kyc, renderAt, setUp } from './testSupport';

beforeAll(setUp);
let urls = 0;
beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => `blob:preview-${++urls}`), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Answer = { status?: number; value?: unknown; errorCode?: string };
function serve(first: KycStatus, post: Answer = { value: kyc({ status: 'PENDING', documentType: 'ID_CARD', submittedAt: DAY }) }) {
  return fakeServer(({ method, path }) => {
    if (method === 'GET' && path === '/wps/kyc') return { value: first };
    if (method === 'POST' && path === '/wps/kyc') return post;
    return undefined;
  });
}

// The multipart bodies posted (the fake server reads JSON only: these come from fetch's own arguments).
const posted = () =>
  (fetch as unknown as Mock).mock.calls
    .filter(([url, init]) => String(url) === '/wps/kyc' && (init as RequestInit | undefined)?.method === 'POST')
    .map(([, init]) => (init as RequestInit).body as FormData);

const image = (name: string, type = 'image/png', bytes = 10) => new File([new Uint8Array(bytes)], name, { type });
const pick = (side: string, file: File) => act(async () => fireEvent.change(screen.getByTestId(`kyc-${side}`), { target: { files: [file] } }));

async function show() {
  renderAt('/', <VerifyIdentityPage />);
  return screen.findByTestId('kyc-status');
}

describe('verify identity: status and rule', () => {
  it('shows a pending check without a form, and the rule in words', async () => {
    serve(kyc({ status: 'PENDING', documentType: 'PASSPORT', submittedAt: DAY, rule: 'ABOVE_AMOUNT', ruleAmount: '1000.00' }));
    asMember();
    const status = await show();
    expect(status.dataset.status).toBe('PENDING');
    expect(status.textContent).toBe('Being reviewed');
    expect(screen.getByText('Passport')).toBeTruthy();
    expect(screen.getByText('Sent on 2026-12-01 07:00:00 GMT+7')).toBeTruthy();
    expect(screen.getByTestId('kyc-rule').textContent).toBe('Withdrawals above P 1,000.00 need a verified identity.');
    expect(screen.queryByTestId('kyc-form')).toBeNull();
  });

  it('shows an approved check, and the first-withdrawal rule', async () => {
    serve(kyc({ status: 'APPROVED', documentType: 'ID_CARD', submittedAt: DAY, reviewedAt: DAY + HOUR, rule: 'FIRST_WITHDRAWAL' }));
    asMember();
    const status = await show();
    expect(status.dataset.status).toBe('APPROVED');
    expect(screen.getByText('Reviewed on 2026-12-01 08:00:00 GMT+7')).toBeTruthy();
    expect(screen.getByTestId('kyc-rule').textContent).toBe('Your first withdrawal needs a verified identity.');
    expect(screen.queryByTestId('kyc-form')).toBeNull();
  });

  it("shows a rejection's reason, and the form to send new documents", async () => {
    serve(kyc({ status: 'REJECTED', documentType: 'ID_CARD', submittedAt: DAY, reviewedAt: DAY + HOUR, reason: 'The photo is blurred' }));
    asMember();
    expect((await show()).dataset.status).toBe('REJECTED');
    expect(screen.getByTestId('kyc-reason').textContent).toBe('Reason: The photo is blurred');
    expect(screen.getByRole('heading', { name: 'Send new documents' })).toBeTruthy();
    expect(screen.getByTestId('kyc-form')).toBeTruthy();
  });
});

describe('verify identity: sending documents', () => {
  it('posts multipart with the type and the chosen front, back and selfie, previewed, then shows the check pending', async () => {
    serve(kyc());
    asMember();
    expect((await show()).dataset.status).toBe('NONE');
    const front = image('front.png');
    const back = image('back.jpg', 'image/jpeg', 20);
    const selfie = image('me.png', 'image/png', 30);
    await pick('front', front);
    await pick('back', back);
    await pick('selfie', selfie);
    const previews = screen.getAllByRole('img') as HTMLImageElement[];
    expect(previews.map((img) => img.alt)).toEqual(['Front side', 'Back side', 'Selfie with the document (optional)']);
    expect(previews.every((img) => img.src.startsWith('blob:preview-'))).toBe(true);
    fireEvent.click(screen.getByTestId('kyc-submit'));
    const status = await screen.findByTestId('kyc-sent');
    expect(status.textContent).toBe('Thank you: your documents are sent. We will review them soon.');
    expect(screen.getByTestId('kyc-status').dataset.status).toBe('PENDING');
    expect(screen.queryByTestId('kyc-form')).toBeNull();
    const [form, ...more] = posted();
    expect(more).toHaveLength(0);
    expect(form).toBeInstanceOf(FormData);
    expect(form!.get('documentType')).toBe('ID_CARD');
    expect([form!.get('front'), form!.get('back'), form!.get('selfie')].map((f) => (f as File).name)).toEqual(['front.png', 'back.jpg', 'me.png']);
    expect((form!.get('back') as File).size).toBe(20);
  });

  it('asks no back for a passport and sends none, nor a selfie not chosen', async () => {
    serve(kyc());
    asMember();
    await show();
    await pick('back', image('back.png')); // picked for an ID card, then the type changes
    fireEvent.change(screen.getByTestId('kyc-document-type'), { target: { value: 'PASSPORT' } });
    expect(screen.queryByTestId('kyc-back')).toBeNull();
    await pick('front', image('passport.png'));
    fireEvent.click(screen.getByTestId('kyc-submit'));
    await waitFor(() => expect(posted()).toHaveLength(1));
    const form = posted()[0]!;
    expect(form.get('documentType')).toBe('PASSPORT');
    expect((form.get('front') as File).name).toBe('passport.png');
    expect(form.has('back')).toBe(false);
    expect(form.has('selfie')).toBe(false);
  });

  it('needs the front (and the back of an ID card) before anything is sent', async () => {
    serve(kyc());
    asMember();
    await show();
    fireEvent.click(screen.getByTestId('kyc-submit'));
    expect(screen.getByTestId('kyc-problem').textContent).toBe('Add a picture of the front side.');
    await pick('front', image('front.png'));
    fireEvent.click(screen.getByTestId('kyc-submit'));
    expect(screen.getByTestId('kyc-problem').textContent).toBe('Add a picture of the back side.');
    expect(posted()).toHaveLength(0);
  });

  it('refuses a picture that is not PNG or JPEG, or over 5 MB, and keeps none of it', async () => {
    serve(kyc());
    asMember();
    await show();
    await pick('front', image('front.gif', 'image/gif'));
    expect(screen.getByTestId('kyc-problem').textContent).toBe('Pictures must be PNG or JPEG.');
    await pick('front', image('huge.png', 'image/png', 5 * 1024 * 1024 + 1));
    expect(screen.getByTestId('kyc-problem').textContent).toBe('A picture may be at most 5 MB.');
    expect(screen.queryAllByRole('img')).toHaveLength(0);
  });

  it("shows the server's refusal in the words of its code", async () => {
    serve(kyc(), { status: 422, errorCode: 'KYC_IMAGE_INVALID', value: { side: 'FRONT', reason: 'size' } });
    asMember();
    await show();
    await pick('front', image('front.png'));
    await pick('back', image('back.png'));
    fireEvent.click(screen.getByTestId('kyc-submit'));
    expect((await screen.findByTestId('kyc-problem')).textContent).toBe(
      'Documents must be PNG or JPEG pictures of at most 5 MB and 25 megapixels.',
    );
    expect(within(screen.getByTestId('kyc-form')).getByTestId('kyc-submit').hasAttribute('disabled')).toBe(false);
  });
});
