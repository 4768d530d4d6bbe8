import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { DELIVERY_POLL_MS } from './components/content/SentMessages';
import en from './locales/en.json';
import {
  answer,
  changes,
  click,
  fill,
  type Handlers,
  keptToken,
  mount,
  params,
  press,
  reads,
  serve,
  staffMe,
  submit,
  tearDown,
} from './testing';

// The Messages tab of the content section (content.test.tsx has the notices and the help centre).
const c = en.content;

const OPERATOR = staffMe('OPERATOR', ['content.read', 'content.write', 'members.read', 'messages.send']);

const langTab = (inside: HTMLElement, name: string) =>
  within(inside).getByRole('tab', { name: new RegExp(`^${name}`) });

const server = (extra: Handlers): Handlers => ({
  'GET /wps/admin/session/me': () => answer(OPERATOR),
  'GET /wps/admin/messages': () => answer({ list: [], pageNum: 1, totalPages: 0, total: 0 }),
  ...extra,
});

beforeEach(keptToken);
afterEach(() => {
  vi.useRealTimers();
  tearDown();
});

describe('the messages', () => {
  const SENT_ROW = {
    id: 31,
    audience: 'ALL',
    target: null,
    title: 'Welcome',
    recipients: 1200,
    read: 0,
    createdAt: Date.parse('2026-11-27T03:00:00Z'),
    sentBy: 'operator1',
  };

  async function compose() {
    await mount('/content?tab=messages');
    return screen.findByRole('form', { name: c.messages.compose });
  }

  it('sends to everyone only after saying so, and follows the delivery until it is done', async () => {
    let listed = 0;
    const sent = serve({
      ...server({
        'POST /wps/admin/messages': () =>
          answer({ id: 31, audience: 'ALL', status: 'PENDING', recipients: 1200, createdAt: SENT_ROW.createdAt }),
        'GET /wps/admin/messages': () => {
          listed += 1;
          const status = listed === 1 ? null : listed === 2 ? 'SENDING' : 'SENT';
          const list = status ? [{ ...SENT_ROW, status, read: status === 'SENT' ? 5 : 0 }] : [];
          return answer({ list, pageNum: 1, totalPages: list.length, total: list.length });
        },
      }),
    });
    const composer = await compose();
    await screen.findByText(c.messages.noneSent);
    await press(within(composer).getByRole('radio', { name: 'Everyone of demo' }));
    // No text yet: nothing to confirm.
    await submit(composer);
    expect(within(composer).getByText(c.texts.noneWritten)).toBeTruthy();
    fill('Title (English)', 'Welcome', composer);
    await submit(composer);
    expect(within(composer).getByText('The English message needs a text.')).toBeTruthy();
    fill('Text as HTML (English)', '<p>Hello all</p>', composer);
    await submit(composer);

    const confirm = screen.getByRole('alertdialog', { name: c.messages.confirmTitle });
    expect(within(confirm).getByTestId('message-audience').textContent).toBe('To everyone of demo.');
    expect(confirm.textContent).toContain('English: Welcome');
    expect(changes(sent)).toEqual([]);
    // Back keeps what was written.
    await click(c.messages.back, confirm);
    const again = screen.getByRole('form', { name: c.messages.compose });
    expect((within(again).getByLabelText('Title (English)') as HTMLInputElement).value).toBe('Welcome');
    await submit(screen.getByRole('form', { name: c.messages.compose }));

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await click(c.messages.send, screen.getByRole('alertdialog'));
    expect(changes(sent)).toEqual([
      {
        method: 'POST',
        path: '/wps/admin/messages',
        body: { audience: 'ALL', texts: { EN: { title: 'Welcome', content: '<p>Hello all</p>' } } },
      },
    ]);
    expect(await screen.findByText('Being delivered to 1200 members: follow it in the list below.')).toBeTruthy();
    const row = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('tr[data-message="31"]');
      expect(found).toBeTruthy();
      return found!;
    });
    expect(row.querySelector('[data-status]')!.textContent).toBe(c.messages.status.SENDING);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DELIVERY_POLL_MS);
    });
    await waitFor(() => expect(document.querySelector('tr[data-message="31"] [data-status]')!.textContent).toBe(c.messages.status.SENT));
    expect(document.querySelector('tr[data-message="31"]')!.textContent).toContain('1200');
    // Delivered: no more reads.
    const before = reads(sent, '/wps/admin/messages').length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DELIVERY_POLL_MS * 3);
    });
    expect(reads(sent, '/wps/admin/messages')).toHaveLength(before);
  });

  it('finds a member with the members search, names them before sending, and sends labels and ranks', async () => {
    const sent = serve({
      ...server({
        'GET /wps/admin/members': () =>
          answer([
            {
              id: 7,
              username: 'player1',
              nickname: null,
              mobile: null,
              memberType: 0,
              status: 'ACTIVE',
              rankLevel: 2,
              createdAt: '2026-01-01T00:00:00Z',
              lastLoginAt: null,
            },
          ]),
        'POST /wps/admin/messages': (request) =>
          answer({
            id: 40,
            audience: request.body!.audience,
            status: request.body!.audience === 'MEMBER' ? 'SENT' : 'PENDING',
            recipients: 1,
            createdAt: 0,
          }),
      }),
    });
    let composer = await compose();
    await submit(composer);
    expect(within(composer).getByText(c.messages.badMember)).toBeTruthy();
    fill(c.messages.findMember, 'play', composer);
    await click(c.messages.search, composer);
    expect(params(reads(sent, '/wps/admin/members')[0]!)).toMatchObject({ q: 'play' });
    await click('Choose player1', composer);
    expect((within(composer).getByLabelText(c.messages.memberId) as HTMLInputElement).value).toBe('7');
    fill('Title (English)', 'Your bonus', composer);
    fill('Text as HTML (English)', '<p>Enjoy</p>', composer);
    await press(langTab(composer, 'Tiếng Việt'));
    fill('Title (Tiếng Việt)', 'Tiền thưởng', composer);
    fill('Text as HTML (Tiếng Việt)', '<p>Chúc vui</p>', composer);
    await submit(composer);
    expect(screen.getByTestId('message-audience').textContent).toBe('To the member player1 (id 7).');
    await click(c.messages.send, screen.getByRole('alertdialog'));
    expect(changes(sent)[0]!.body).toEqual({
      audience: 'MEMBER',
      memberId: 7,
      texts: {
        EN: { title: 'Your bonus', content: '<p>Enjoy</p>' },
        VI: { title: 'Tiền thưởng', content: '<p>Chúc vui</p>' },
      },
    });
    expect(await screen.findByText('Sent to 1 members.')).toBeTruthy();

    composer = screen.getByRole('form', { name: c.messages.compose });
    await press(within(composer).getByRole('radio', { name: c.messages.audiences.LABEL }));
    fill(c.messages.label, '  VIP club ', composer);
    fill('Title (English)', 'For you', composer);
    fill('Text as HTML (English)', '<p>Hi</p>', composer);
    await submit(composer);
    expect(screen.getByTestId('message-audience').textContent).toBe('To every member with the label “VIP club”.');
    await click(c.messages.send, screen.getByRole('alertdialog'));
    expect(changes(sent)[1]!.body).toEqual({ audience: 'LABEL', label: 'VIP club', texts: { EN: { title: 'For you', content: '<p>Hi</p>' } } });

    composer = screen.getByRole('form', { name: c.messages.compose });
    await press(within(composer).getByRole('radio', { name: c.messages.audiences.RANK }));
    fill(c.messages.rank, 'four', composer);
    fill('Title (English)', 'Rank up', composer);
    fill('Text as HTML (English)', '<p>Hi</p>', composer);
    await submit(composer);
    expect(within(composer).getByText(c.messages.badRank)).toBeTruthy();
    fill(c.messages.rank, '4', composer);
    await submit(composer);
    expect(screen.getByTestId('message-audience').textContent).toBe('To every member of rank 4.');
    await click(c.messages.send, screen.getByRole('alertdialog'));
    expect(changes(sent)[2]!.body).toEqual({ audience: 'RANK', rank: 4, texts: { EN: { title: 'Rank up', content: '<p>Hi</p>' } } });
  });
});
