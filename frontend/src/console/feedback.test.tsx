import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { deskEventOf } from './components/feedback/rules';
import type { Application, FeedbackItem } from './feedbackApi';
import en from './locales/en.json';
import {
  answer,
  changes,
  click,
  fill,
  type Handlers,
  keptToken,
  lastSocket,
  mount,
  params,
  press,
  reads,
  serve,
  staffMe,
  tearDown,
  where,
} from './testing';

vi.mock('socket.io-client', () => import('./testing').then((module) => module.fakeSocketModule));

const f = en.feedback;

const SUPPORT = staffMe('SUPPORT', ['content.read', 'feedback.answer', 'feedback.read', 'members.note', 'members.read']);
const AUDITOR = staffMe('AUDITOR', ['audit.read', 'content.read', 'feedback.read', 'members.read']);

const item = (id: number, extra: Partial<FeedbackItem> = {}): FeedbackItem => ({
  id,
  memberId: 42,
  username: 'player1',
  category: 'PAYMENT',
  content: `My deposit ${id} <b>did not arrive</b>\nplease check`,
  images: 0,
  status: 'OPEN',
  answer: null,
  createdAt: Date.parse('2026-11-27T03:00:00Z'),
  answeredAt: null,
  answeredBy: null,
  ...extra,
});

const application = (id: number, extra: Partial<Application> = {}): Application => ({
  id,
  kind: 'AGENT',
  name: 'Minh Tran',
  contactType: 'TELEGRAM',
  contact: '@minh',
  message: 'I run a club.',
  status: 'NEW',
  memberId: null,
  username: null,
  ip: '203.0.113.5',
  createdAt: Date.parse('2026-11-27T03:00:00Z'),
  handledBy: null,
  handledAt: null,
  ...extra,
});

const page = <T,>(list: T[], totalPages = list.length ? 1 : 0) => answer({ list, pageNum: 1, totalPages, total: list.length });

const png = () => new Response(new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]), { status: 200, headers: { 'Content-Type': 'image/png' } });

const card = (id: number) => document.querySelector<HTMLElement>(`li[data-feedback="${id}"]`);

// jsdom has no object URLs: these stand in, and remember what was made and revoked.
let made: string[] = [];
let revoked: string[] = [];
beforeEach(() => {
  keptToken();
  made = [];
  revoked = [];
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: vi.fn((blob: Blob) => {
      const url = `blob:test/${made.length}-${blob.size}`;
      made.push(url);
      return url;
    }),
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn((url: string) => revoked.push(url)) });
});
afterEach(tearDown);

describe('the desk rules', () => {
  it('tells an arrival from a change', () => {
    expect(deskEventOf({ id: 5 })).toEqual({ id: 5, arrival: true });
    expect(deskEventOf({ id: 5, status: 'ANSWERED' })).toEqual({ id: 5, arrival: false });
    expect(deskEventOf({ id: 5, status: 'CONTACTED' })).toEqual({ id: 5, arrival: false });
    expect(deskEventOf({ id: '5' })).toBeNull();
    expect(deskEventOf(null)).toBeNull();
  });
});

describe('the feedback queue', () => {
  it('shows each item with its member, words as text and pictures fetched with the staff token', async () => {
    const sent = serve({
      'GET /wps/admin/session/me': () => answer(SUPPORT),
      'GET /wps/admin/feedback': () => page([item(5, { images: 2 }), item(6)]),
      'GET /wps/admin/feedback/5/images/*': png,
    });
    await mount('/feedback');
    await waitFor(() => expect(card(5)).toBeTruthy());
    expect(params(reads(sent, '/wps/admin/feedback')[0]!)).toEqual({ status: 'OPEN', pageNo: '1', pageSize: '20' });
    const five = card(5)!;
    expect(within(five).getByRole('link', { name: 'player1' }).getAttribute('href')).toBe('/members/42');
    expect(five.textContent).toContain(f.categories.PAYMENT);
    // The member's words are text: markup shows as typed, never as HTML.
    expect(within(five).getByText(/did not arrive/).textContent).toContain('<b>did not arrive</b>');
    expect(five.querySelector('.cs-feedback-text b')).toBeNull();

    const images = await within(five).findAllByRole('img', { name: /Picture \d of feedback 5/ });
    await waitFor(() => expect(five.querySelectorAll('img')).toHaveLength(2));
    expect(images).toHaveLength(2);
    const fetched = sent.filter((r) => r.path.startsWith('/wps/admin/feedback/5/images/'));
    expect(fetched.map((r) => r.path)).toEqual(['/wps/admin/feedback/5/images/0', '/wps/admin/feedback/5/images/1']);
    for (const request of fetched) {
      expect(request.headers.Authorization).toBe('kept-token');
      expect(request.headers.Merchant).toBe('demo');
    }
    const sources = [...five.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources.sort()).toEqual([...made].sort());
    expect(sources.every((src) => src?.startsWith('blob:'))).toBe(true);
    expect(card(6)!.querySelectorAll('img')).toHaveLength(0);

    // Leaving the page gives the object URLs back.
    expect(revoked).toEqual([]);
    cleanup();
    expect(revoked.sort()).toEqual([...made].sort());
  });

  it('says so when a picture cannot be fetched', async () => {
    serve({
      'GET /wps/admin/session/me': () => answer(SUPPORT),
      'GET /wps/admin/feedback': () => page([item(5, { images: 1 })]),
      'GET /wps/admin/feedback/5/images/*': () => answer(null, 404, 'NOT_FOUND'),
    });
    await mount('/feedback');
    expect(await screen.findByText(f.imageFailed)).toBeTruthy();
    expect(made).toEqual([]);
  });

  it('answers an item, and when someone else was quicker says so and reads the queue again', async () => {
    let listed = 0;
    const sent = serve({
      'GET /wps/admin/session/me': () => answer(SUPPORT),
      'GET /wps/admin/feedback': () => {
        listed += 1;
        return page(listed === 1 ? [item(5), item(6)] : [item(6)]);
      },
      'POST /wps/admin/feedback/5/answer': () => answer(null, 409, 'FEEDBACK_ANSWERED'),
      'POST /wps/admin/feedback/6/answer': (request) =>
        answer(
          item(6, {
            status: 'ANSWERED',
            answer: String(request.body!.answer),
            answeredBy: 'support1',
            answeredAt: Date.parse('2026-11-27T04:00:00Z'),
          }),
        ),
    });
    await mount('/feedback');
    await waitFor(() => expect(card(6)).toBeTruthy());

    const six = card(6)!;
    await click(f.send, six);
    expect(within(six).getByText(f.answerRequired)).toBeTruthy();
    expect(changes(sent)).toEqual([]);
    fill(f.answer, '  We found it, credited now.  ', six);
    await click(f.send, six);
    expect(changes(sent)).toEqual([{ method: 'POST', path: '/wps/admin/feedback/6/answer', body: { answer: 'We found it, credited now.' } }]);
    expect(screen.getByText('The answer was sent to player1.').getAttribute('role')).toBe('status');
    expect(six.textContent).toContain('Answered by support1 2026-11-27 11:00:00 GMT+7');
    expect(six.textContent).toContain('We found it, credited now.');
    expect(within(six).queryByRole('form')).toBeNull();

    fill(f.answer, 'Checking.', card(5)!);
    await click(f.send, card(5)!);
    expect(changes(sent)[1]).toEqual({ method: 'POST', path: '/wps/admin/feedback/5/answer', body: { answer: 'Checking.' } });
    await waitFor(() => expect(card(5)).toBeNull());
    expect(screen.getByRole('alert').textContent).toBe('Feedback 5 was answered by someone else in the meantime. The list was read again.');
    expect(reads(sent, '/wps/admin/feedback')).toHaveLength(2);
  });

  it('pages through the answered items, and offers an auditor no answer box', async () => {
    const sent = serve({
      'GET /wps/admin/session/me': () => answer(AUDITOR),
      'GET /wps/admin/feedback': (request) => {
        const { status, pageNo } = params(request);
        if (status === 'OPEN') return page([item(5)]);
        const id = pageNo === '2' ? 8 : 7;
        return answer({
          list: [item(id, { status: 'ANSWERED', answer: `Answer ${id}`, answeredBy: 'support1' })],
          pageNum: Number(pageNo),
          totalPages: 2,
          total: 2,
        });
      },
    });
    await mount('/feedback');
    await waitFor(() => expect(card(5)).toBeTruthy());
    expect(screen.getByText(f.readOnly)).toBeTruthy();
    expect(within(card(5)!).queryByRole('textbox')).toBeNull();
    expect(within(card(5)!).queryByRole('button')).toBeNull();

    await press(screen.getByRole('tab', { name: f.status.ANSWERED }));
    await waitFor(() => expect(card(7)).toBeTruthy());
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    await click(en.content.next);
    await waitFor(() => expect(card(8)).toBeTruthy());
    expect(params(reads(sent, '/wps/admin/feedback').at(-1)!)).toEqual({ status: 'ANSWERED', pageNo: '2', pageSize: '20' });
    expect(card(8)!.textContent).toContain('Answer 8');
  });
});

describe('live arrivals', () => {
  const server = (extra: Handlers = {}): Handlers => ({
    'GET /wps/admin/session/me': () => answer(SUPPORT),
    'GET /wps/admin/members': () => answer([]),
    'GET /wps/admin/feedback': () => page([item(5)]),
    'GET /wps/admin/applications': () => page([application(3)]),
    ...extra,
  });

  it('counts new feedback and applications in the navigation until the desk is opened, which then re-reads', async () => {
    const sent = serve(server());
    await mount('/members');
    const socket = await lastSocket();
    socket.up();
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Members', 'Content', 'Feedback']);
    expect(screen.queryByTestId('feedback-badge')).toBeNull();
    act(() => {
      socket.push('console:feedback', { id: 9 });
      socket.push('console:feedback', { id: 5, status: 'ANSWERED' }); // answered elsewhere: nothing new
      socket.push('console:application', { id: 4 });
      socket.push('console:feedback', 'nonsense');
    });
    expect(screen.getByTestId('feedback-badge').textContent).toContain('2');
    expect(within(nav).getByRole('link', { name: /Feedback.*2 new at the feedback desk/ })).toBeTruthy();

    await press(within(nav).getByRole('link', { name: /Feedback/ }));
    expect(where()).toBe('/feedback');
    await waitFor(() => expect(card(5)).toBeTruthy());
    expect(screen.queryByTestId('feedback-badge')).toBeNull();
    const before = reads(sent, '/wps/admin/feedback').length;

    act(() => socket.push('console:feedback', { id: 10 }));
    expect(screen.getByTestId('feedback-arrival').textContent).toBe('New feedback arrived (no. 10).');
    await waitFor(() => expect(reads(sent, '/wps/admin/feedback')).toHaveLength(before + 1));
    expect(screen.queryByTestId('feedback-badge')).toBeNull(); // the desk is open: nothing to count
  });

  it('lists applications by status, moves one on, and re-reads on a new one', async () => {
    let contacted = false;
    const sent = serve(
      server({
        'GET /wps/admin/applications': (request) =>
          page(params(request).status === 'NEW' && !contacted ? [application(3, { memberId: 42, username: 'player1' })] : []),
        'POST /wps/admin/applications/3/status': () => {
          contacted = true;
          return answer(application(3, { status: 'CONTACTED' }));
        },
      }),
    );
    await mount('/feedback?tab=applications');
    const row = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('tr[data-application="3"]');
      expect(found).toBeTruthy();
      return found!;
    });
    expect(row.textContent).toContain('Minh Tran');
    expect(row.textContent).toContain('Telegram @minh');
    expect(within(row).getByRole('link', { name: 'player1' }).getAttribute('href')).toBe('/members/42');
    expect(params(reads(sent, '/wps/admin/applications')[0]!)).toMatchObject({ status: 'NEW', pageNo: '1' });

    const set = within(row).getByRole('button', { name: "Set the status of Minh Tran's application" }) as HTMLButtonElement;
    expect(set.disabled).toBe(true); // nothing chosen yet
    fill("Status of Minh Tran's application", 'CONTACTED', row);
    await press(set);
    expect(changes(sent)).toEqual([{ method: 'POST', path: '/wps/admin/applications/3/status', body: { status: 'CONTACTED' } }]);
    await waitFor(() => expect(document.querySelector('tr[data-application="3"]')).toBeNull());

    const socket = await lastSocket();
    socket.up();
    const before = reads(sent, '/wps/admin/applications').length;
    act(() => socket.push('console:application', { id: 11 }));
    expect(screen.getByTestId('feedback-arrival').textContent).toBe('A new application arrived (no. 11).');
    await waitFor(() => expect(reads(sent, '/wps/admin/applications')).toHaveLength(before + 1));
  });

  it('shows an auditor the applications without a status control', async () => {
    serve({ ...server(), 'GET /wps/admin/session/me': () => answer(AUDITOR) });
    await mount('/feedback?tab=applications');
    await waitFor(() => expect(document.querySelector('tr[data-application="3"]')).toBeTruthy());
    const row = document.querySelector<HTMLElement>('tr[data-application="3"]')!;
    expect(within(row).queryByRole('combobox')).toBeNull();
    expect(within(row).queryByRole('button')).toBeNull();
    expect(row.textContent).toContain(f.applications.status.NEW);
  });

  it('is refused to a login without feedback.read', async () => {
    const sent = serve({ 'GET /wps/admin/session/me': () => answer(staffMe('FINANCE', ['cashier.read', 'members.read'])) });
    await mount('/feedback');
    expect(await screen.findByText(en.shell.noPermission)).toBeTruthy();
    expect(sent.some((request) => request.path.startsWith('/wps/admin/feedback'))).toBe(false);
  });
});
