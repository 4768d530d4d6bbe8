import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRequestContext } from '../../api/client';
import type { FeedbackItem } from './api';
import { FeedbackPage } from './pages/FeedbackPage';
import { admitImages, contentLength, MAX_IMAGE_BYTES } from './rules';

const t = vi.hoisted(() => (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key));
vi.mock('../../i18n/react', () => ({ useTranslation: () => ({ t }) }));

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: BodyInit | null | undefined;
}

let sent: Sent[] = [];
let mine: FeedbackItem[] = [];
// What PUT /wps/feedback answers next: the id, or an error code with its status.
let sendAnswer: { status: number; code?: string } = { status: 200 };

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      sent.push({ method, path, headers: init.headers as Record<string, string>, body: init.body });
      if (method === 'GET' && path === '/wps/feedback') {
        return Promise.resolve(new Response(JSON.stringify({ success: true, value: { list: mine } })));
      }
      if (method === 'PUT' && path === '/wps/feedback') {
        const { status, code } = sendAnswer;
        const envelope = code ? { success: false, errorCode: code, message: code, value: null } : { success: true, value: { id: 41 } };
        return Promise.resolve(new Response(JSON.stringify(envelope), { status }));
      }
      throw new Error(`unexpected ${method} ${path}`);
    }),
  );
}

let urls = 0;
beforeEach(() => {
  sent = [];
  mine = [];
  sendAnswer = { status: 200 };
  setRequestContext(() => ({ merchant: 'demo', token: 'member-token', language: 'EN' }));
  serve();
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => `blob:preview-${++urls}`), revokeObjectURL: vi.fn() }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const png = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });
const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const puts = () => sent.filter((r) => r.method === 'PUT');
const alertText = () => screen.queryByRole('alert')?.textContent ?? null;

async function openPage() {
  render(<FeedbackPage />);
  await flush();
}

async function fill(category: string, content: string) {
  fireEvent.change(screen.getByLabelText('feedback.category'), { target: { value: category } });
  fireEvent.change(screen.getByLabelText('feedback.content'), { target: { value: content } });
}

const pick = (...files: File[]) =>
  act(async () => fireEvent.change(screen.getByTestId('feedback-files'), { target: { files } }));
const submit = async () => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'feedback.send' })));
  await flush();
};

describe('feedback rules', () => {
  it('counts characters as the server does, an emoji as one', () => {
    expect(contentLength('ab😀')).toBe(3);
  });

  it('admits PNG and JPEG up to 5 MB, three at most', () => {
    const jpeg = new File(['x'], 'a.jpg', { type: 'image/jpeg' });
    expect(admitImages(0, [jpeg, png('b.png')]).admitted).toHaveLength(2);
    expect(admitImages(0, [new File(['x'], 'a.gif', { type: 'image/gif' })]).problem).toBe('type');
    expect(admitImages(0, [png('big.png', MAX_IMAGE_BYTES + 1)]).problem).toBe('size');
    expect(admitImages(0, [png('edge.png', MAX_IMAGE_BYTES)]).problem).toBeNull();
    const fourth = admitImages(2, [png('c.png'), png('d.png')]);
    expect(fourth.admitted.map((f) => f.name)).toEqual(['c.png']);
    expect(fourth.problem).toBe('count');
  });
});

describe('the feedback form', () => {
  it('sends nothing without a category or a text, or with more than 2000 characters', async () => {
    await openPage();
    await submit();
    expect(alertText()).toBe('feedback.errors.category');
    fireEvent.change(screen.getByLabelText('feedback.category'), { target: { value: 'BUG' } });
    fireEvent.change(screen.getByLabelText('feedback.content'), { target: { value: '   ' } });
    await submit();
    expect(alertText()).toBe('feedback.errors.content');
    fireEvent.change(screen.getByLabelText('feedback.content'), { target: { value: 'x'.repeat(2001) } });
    expect(screen.getByText('feedback.counter {"length":2001,"max":2000}').className).toContain('form-error');
    await submit();
    expect(alertText()).toBe('feedback.errors.contentLong {"max":2000}');
    expect(puts()).toHaveLength(0);
  });

  it('refuses a wrong type, an image over 5 MB and a fourth image, keeping the others', async () => {
    await openPage();
    await pick(new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }));
    expect(alertText()).toContain('feedback.errors.imageType');
    await pick(png('huge.png', MAX_IMAGE_BYTES + 1));
    expect(alertText()).toContain('feedback.errors.imageSize');
    await pick(png('1.png'), png('2.png'));
    expect(alertText()).toBeNull();
    await pick(png('3.png'), png('4.png'));
    expect(alertText()).toContain('feedback.errors.imageCount');
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['1.png', '2.png', '3.png']);
    expect(screen.queryByTestId('feedback-files')).toBeNull(); // three: no more to add
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'feedback.removeImage {"name":"2.png"}' })));
    expect(URL.revokeObjectURL).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['1.png', '3.png']);
  });

  it('sends category, text and images as multipart with the member headers, then lists it', async () => {
    await openPage();
    await fill('PAYMENT', 'My deposit 😀 is late');
    await pick(png('a.png', 100), new File(['jpeg'], 'b.jpg', { type: 'image/jpeg' }));
    mine = [
      { id: 41, category: 'PAYMENT', content: 'My deposit 😀 is late', images: 2, status: 'OPEN', answer: null, createdAt: Date.now(), answeredAt: null },
    ];
    await submit();
    expect(puts()).toHaveLength(1);
    const request = puts()[0]!;
    expect(request.path).toBe('/wps/feedback');
    expect(request.headers).toMatchObject({ Merchant: 'demo', Authorization: 'member-token' });
    expect(request.headers['Content-Type']).toBeUndefined(); // the browser writes the multipart boundary
    const form = request.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('category')).toBe('PAYMENT');
    expect(form.get('content')).toBe('My deposit 😀 is late');
    const images = form.getAll('images') as File[];
    expect(images.map((f) => [f.name, f.type, f.size])).toEqual([
      ['a.png', 'image/png', 100],
      ['b.jpg', 'image/jpeg', 4],
    ]);
    expect(screen.getByRole('status').textContent).toBe('feedback.sent');
    expect((screen.getByLabelText('feedback.content') as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryAllByRole('img')).toHaveLength(0);
    expect(screen.getAllByTestId('feedback-item')).toHaveLength(1);
    expect(sent.filter((r) => r.method === 'GET')).toHaveLength(2);
  });

  it.each([
    [413, 'FEEDBACK_IMAGE_TOO_LARGE'],
    [422, 'FEEDBACK_IMAGE_INVALID'],
    [422, 'FEEDBACK_TOO_MANY_IMAGES'],
    [429, 'TOO_MANY_REQUEST'],
  ])('says the server refused it (%i %s) in its own words, and keeps what was typed', async (status, code) => {
    await openPage();
    await fill('BUG', 'It broke');
    await pick(png('a.png'));
    sendAnswer = { status, code };
    await submit();
    expect(alertText()).toMatch(new RegExp(`^feedback\\.errors\\.${code}`));
    expect((screen.getByLabelText('feedback.content') as HTMLTextAreaElement).value).toBe('It broke');
    expect(screen.getAllByRole('img')).toHaveLength(1);
  });
});

describe('my feedback', () => {
  it('shows each with its status and the staff answer', async () => {
    mine = [
      { id: 2, category: 'GAME', content: 'Slots freeze', images: 1, status: 'ANSWERED', answer: 'Fixed, thank you', createdAt: Date.UTC(2026, 10, 2), answeredAt: Date.UTC(2026, 10, 3) },
      { id: 1, category: 'OTHER', content: 'Hello', images: 0, status: 'OPEN', answer: null, createdAt: Date.UTC(2026, 10, 1), answeredAt: null },
    ];
    await openPage();
    const items = screen.getAllByTestId('feedback-item');
    expect(items.map((item) => item.querySelector('.status')!.textContent)).toEqual(['feedback.status.ANSWERED', 'feedback.status.OPEN']);
    expect(items[0]!.textContent).toContain('Fixed, thank you');
    expect(items[0]!.textContent).toContain('feedback.imageCount {"n":1}');
    expect(items[1]!.querySelector('.feedback-answer')).toBeNull();
  });

  it('says when there is none yet', async () => {
    await openPage();
    expect(screen.getByText('feedback.empty')).toBeTruthy();
  });
});
