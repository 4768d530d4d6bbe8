import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { noticeState, parseRanks, textsPayload } from './components/content/rules';
import type { NoticeAdmin } from './contentApi';
import en from './locales/en.json';
import { navFor } from './permissions';
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
  type Sent,
  serve,
  staffMe,
  submit,
  tearDown,
} from './testing';

const c = en.content;

const OPERATOR = staffMe('OPERATOR', ['content.read', 'content.write', 'members.read', 'messages.send']);
const SUPPORT = staffMe('SUPPORT', ['content.read', 'feedback.answer', 'feedback.read', 'members.note', 'members.read']);

const HOUR = 3_600_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

const notice = (id: number, extra: Partial<NoticeAdmin> = {}): NoticeAdmin => ({
  id,
  kind: 'BANNER',
  announcementType: null,
  platform: 'A',
  audience: 'ALL',
  ranks: [],
  startsAt: null,
  endsAt: null,
  sortOrder: 0,
  published: true,
  imageUrl: 'https://cdn.example.com/b.png',
  linkUrl: null,
  texts: { EN: { title: `Banner ${id}`, content: '' } },
  updatedAt: '2026-11-20T10:00:00Z',
  publishedAt: '2026-11-20T10:00:00Z',
  ...extra,
});

const HELP = {
  categories: [
    {
      id: 1,
      code: 'ABOUT',
      sortOrder: 0,
      texts: { EN: { title: 'About us' }, VI: { title: 'Giới thiệu' } },
      articles: [{ id: 11, sortOrder: 0, texts: { EN: { title: 'Who we are', content: '<p>We are <b>Demo</b>.</p>' } } }],
    },
    { id: 2, code: 'REFUND', sortOrder: 6, texts: { EN: { title: 'Refund' } }, articles: [] },
  ],
};

// The content calls over a list of notices the changes edit, so that each re-read shows them.
function contentServer(notices: NoticeAdmin[], extra: Handlers = {}): Handlers {
  return {
    'GET /wps/admin/content/notices': (sent: Sent) => answer({ list: notices.filter((n) => n.kind === params(sent).kind) }),
    'POST /wps/admin/content/notices': (sent: Sent) => {
      const added = { ...(sent.body as unknown as NoticeAdmin), id: 99, updatedAt: '2026-11-27T00:00:00Z' };
      notices.push(added);
      return answer(added);
    },
    'PUT /wps/admin/content/notices/*': (sent: Sent) => {
      const id = Number(sent.path.split('/').pop());
      const index = notices.findIndex((n) => n.id === id);
      notices[index] = { ...notices[index]!, ...(sent.body as unknown as NoticeAdmin) };
      return answer(notices[index]);
    },
    'DELETE /wps/admin/content/notices/*': (sent: Sent) => {
      const id = Number(sent.path.split('/').pop());
      notices.splice(
        notices.findIndex((n) => n.id === id),
        1,
      );
      return answer(null);
    },
    'GET /wps/admin/content/help': () => answer(HELP),
    'GET /wps/admin/messages': () => answer({ list: [], pageNum: 1, totalPages: 0, total: 0 }),
    ...extra,
  };
}

const form = (name: string) => screen.getByRole('form', { name });
const langTab = (inside: HTMLElement, name: string) =>
  within(inside).getByRole('tab', { name: new RegExp(`^${name}`) });

beforeEach(keptToken);
afterEach(tearDown);

describe('the content rules', () => {
  it('tells a notice state from published and its window', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    const at = (h: number) => new Date(now + h * HOUR).toISOString();
    expect(noticeState({ published: false, startsAt: null, endsAt: null }, now)).toBe('draft');
    expect(noticeState({ published: true, startsAt: at(1), endsAt: null }, now)).toBe('scheduled');
    expect(noticeState({ published: true, startsAt: at(-1), endsAt: at(1) }, now)).toBe('live');
    expect(noticeState({ published: true, startsAt: null, endsAt: at(0) }, now)).toBe('ended'); // the end is exclusive
    expect(noticeState({ published: true, startsAt: null, endsAt: null }, now)).toBe('live');
  });

  it('reads rank lists and drops the languages left empty', () => {
    expect(parseRanks('5, 3,3 4')).toEqual([3, 4, 5]);
    expect(parseRanks('3, x')).toBeNull();
    expect(parseRanks('-1')).toBeNull();
    expect(
      textsPayload(
        { EN: { title: '  Hello   world ', content: ' <p>x</p> ' }, CN: { title: '', content: '  ' } },
        true,
      ),
    ).toEqual({ texts: { EN: { title: 'Hello world', content: '<p>x</p>' } } });
    expect(textsPayload({ EN: { title: '', content: '' } }, true)).toEqual({ problems: [], none: true });
    expect(textsPayload({ EN: { title: 'x'.repeat(121), content: '' } }, true)).toEqual({
      problems: [{ language: 'EN', field: 'title', key: 'content.texts.titleTooLong' }],
    });
  });

  it('puts Content and Feedback after the brand settings in the navigation', () => {
    const all = ['audit.read', 'brand.read', 'content.read', 'feedback.read', 'members.read', 'staff.read'];
    expect(navFor(all).map((s) => s.path)).toEqual(['/members', '/brand', '/content', '/feedback', '/staff', '/audit']);
    expect(navFor(['content.read']).map((s) => s.labelKey)).toEqual(['content.nav']);
  });
});

describe('the notices', () => {
  it('lists each kind with the state a visitor would find it in', async () => {
    const notices = [
      notice(1, { published: false }),
      notice(2, { startsAt: iso(2 * HOUR) }),
      notice(3, { startsAt: iso(-HOUR), endsAt: iso(HOUR), audience: 'RANKS', ranks: [3, 4] }),
      notice(4, { endsAt: iso(-HOUR) }),
      notice(5, { kind: 'POPUP', texts: { VI: { title: 'Chào mừng', content: '<p>x</p>' } } }),
    ];
    const sent = serve({ 'GET /wps/admin/session/me': () => answer(OPERATOR), ...contentServer(notices) });
    await mount('/content');
    expect(within(await screen.findByRole('navigation', { name: 'Sections' })).getByRole('link', { name: c.nav })).toBeTruthy();
    await waitFor(() => expect(document.querySelectorAll('tr[data-notice]')).toHaveLength(4));
    const state = (id: number) => document.querySelector(`tr[data-notice="${id}"] [data-state]`)!.textContent;
    expect([1, 2, 3, 4].map(state)).toEqual([c.states.draft, c.states.scheduled, c.states.live, c.states.ended]);
    expect(document.querySelector('tr[data-notice="3"]')!.textContent).toContain(`${c.audiences.RANKS} (3, 4)`);
    expect(params(reads(sent, '/wps/admin/content/notices')[0]!)).toEqual({ kind: 'BANNER' });

    await press(screen.getByRole('tab', { name: c.kinds.POPUP }));
    await waitFor(() => expect(document.querySelectorAll('tr[data-notice]')).toHaveLength(1));
    // A text only in Vietnamese is listed under its own title.
    expect(document.querySelector('tr[data-notice="5"]')!.textContent).toContain('Chào mừng');
    expect(params(reads(sent, '/wps/admin/content/notices').at(-1)!)).toEqual({ kind: 'POPUP' });
  });

  it('checks the editor before sending and sends UTC instants and a text per language', async () => {
    const notices: NoticeAdmin[] = [];
    const sent = serve({ 'GET /wps/admin/session/me': () => answer(OPERATOR), ...contentServer(notices) });
    await mount('/content');
    await screen.findByText(c.notices.empty.replace('{{kind}}', c.kinds.BANNER));
    await click(c.notices.add.replace('{{kind}}', c.kinds.BANNER));
    const editor = form(c.notices.add.replace('{{kind}}', c.kinds.BANNER));

    await submit(editor);
    expect(within(editor).getByText(c.notices.imageRequired)).toBeTruthy();
    expect(within(editor).getByText(c.texts.noneWritten)).toBeTruthy();
    expect(changes(sent)).toEqual([]);

    fill(c.notices.imageUrl, 'javascript:alert(1)', editor);
    fill(c.notices.start, '2026-12-01T22:30', editor);
    fill(c.notices.end, '2026-12-01T21:00', editor);
    fill(c.notices.audience, 'RANKS', editor);
    fill(c.notices.ranks, '3, x', editor);
    fill(c.notices.sortOrder, 'first', editor);
    fill('Title (English)', 'Welcome bonus', editor);
    fill('Text as HTML (English)', '<p>Up to <b>100%</b></p>', editor);
    // Chinese: a text without its title.
    await press(langTab(editor, '中文'));
    fill('Text as HTML (中文)', '<p>欢迎</p>', editor);
    await press(langTab(editor, 'English'));
    await submit(editor);
    expect(within(editor).getByText(c.notices.badUrl)).toBeTruthy();
    expect(within(editor).getByText(c.notices.endBeforeStart)).toBeTruthy();
    expect(within(editor).getByText(c.notices.badRanks)).toBeTruthy();
    expect(within(editor).getByText(c.notices.badSortOrder)).toBeTruthy();
    // The editor opens the language with the problem.
    expect(langTab(editor, '中文').getAttribute('aria-selected')).toBe('true');
    expect(within(editor).getByText('The 中文 text needs a title.')).toBeTruthy();
    expect(changes(sent)).toEqual([]);

    fill('Text as HTML (中文)', '', editor);
    await press(langTab(editor, 'Tiếng Việt'));
    fill('Title (Tiếng Việt)', '  Thưởng   chào mừng ', editor);
    fill('Text as HTML (Tiếng Việt)', '<p>Lên đến 100%</p>', editor);
    fill(c.notices.imageUrl, ' https://cdn.example.com/welcome.png ', editor);
    fill(c.notices.linkUrl, '/promotion', editor);
    fill(c.notices.end, '2026-12-02T01:00', editor);
    fill(c.notices.ranks, '5, 3, 3', editor);
    fill(c.notices.sortOrder, '2', editor);
    fill(c.notices.platform, 'W', editor);
    await press(within(editor).getByLabelText(c.notices.published));
    await submit(editor);
    expect(changes(sent)).toEqual([
      {
        method: 'POST',
        path: '/wps/admin/content/notices',
        body: {
          kind: 'BANNER',
          announcementType: null,
          platform: 'W',
          audience: 'RANKS',
          ranks: [3, 5],
          // Entered in the browser's zone (the tests run at UTC+7), sent as UTC.
          startsAt: '2026-12-01T15:30:00.000Z',
          endsAt: '2026-12-01T18:00:00.000Z',
          sortOrder: 2,
          published: true,
          imageUrl: 'https://cdn.example.com/welcome.png',
          linkUrl: '/promotion',
          texts: {
            EN: { title: 'Welcome bonus', content: '<p>Up to <b>100%</b></p>' },
            VI: { title: 'Thưởng chào mừng', content: '<p>Lên đến 100%</p>' },
          },
        },
      },
    ]);
    await waitFor(() => expect(document.querySelector('tr[data-notice="99"]')).toBeTruthy());
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(c.notices.saved);
    expect(document.querySelector('tr[data-notice="99"] [data-state]')!.textContent).toBe(c.states.scheduled);
  });

  it('previews the HTML sanitised: no script, no event handler, no javascript: link reaches the page', async () => {
    serve({ 'GET /wps/admin/session/me': () => answer(OPERATOR), ...contentServer([]) });
    await mount('/content');
    await press(await screen.findByRole('tab', { name: c.kinds.POPUP }));
    await click(c.notices.add.replace('{{kind}}', c.kinds.POPUP));
    const editor = form(c.notices.add.replace('{{kind}}', c.kinds.POPUP));
    (window as unknown as { pwned?: boolean }).pwned = false;
    fill(
      'Text as HTML (English)',
      '<p>Hello <b>there</b></p><img src="x" onerror="window.pwned=true"><script>window.pwned=true</script>' +
        '<a href="javascript:window.pwned=true">click</a><iframe src="https://evil.example"></iframe>',
      editor,
    );
    const preview = await within(editor).findByTestId('content-preview');
    await waitFor(() => expect(preview.querySelector('b')?.textContent).toBe('there'));
    expect(preview.querySelector('script, iframe, [onerror]')).toBeNull();
    expect(preview.innerHTML).not.toMatch(/onerror|javascript:|<script/i);
    expect(preview.querySelector('a')!.getAttribute('href')).toBeNull();
    expect(preview.querySelector('img')).toBeTruthy();
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect((window as unknown as { pwned?: boolean }).pwned).toBe(false);
    // The text field keeps what was typed: the server sanitises on save, the preview only shows.
    expect((within(editor).getByLabelText('Text as HTML (English)') as HTMLTextAreaElement).value).toContain('<script>');
  });

  it('changes a notice in place and deletes one after asking', async () => {
    const notices = [
      notice(1, { kind: 'ANNOUNCEMENT', announcementType: 'MAINTENANCE', imageUrl: null, startsAt: '2026-12-01T03:00:00Z' }),
      notice(2, { kind: 'ANNOUNCEMENT', imageUrl: null }),
    ];
    const sent = serve({ 'GET /wps/admin/session/me': () => answer(OPERATOR), ...contentServer(notices) });
    await mount('/content');
    await press(await screen.findByRole('tab', { name: c.kinds.ANNOUNCEMENT }));
    await waitFor(() => expect(document.querySelectorAll('tr[data-notice]')).toHaveLength(2));
    await click('Edit Banner 1');
    const editor = form('Change “Banner 1”');
    // What the server stored fills the form, the time in the browser's zone.
    expect((within(editor).getByLabelText(c.notices.start) as HTMLInputElement).value).toBe('2026-12-01T10:00');
    expect((within(editor).getByLabelText(c.notices.announcementType) as HTMLSelectElement).value).toBe('MAINTENANCE');
    expect(within(editor).queryByLabelText(c.notices.imageUrl)).toBeNull(); // an announcement has no picture
    fill('Title (English)', 'Maintenance on Tuesday', editor);
    await submit(editor);
    const put = changes(sent)[0]!;
    expect(put.method).toBe('PUT');
    expect(put.path).toBe('/wps/admin/content/notices/1');
    expect(put.body).toMatchObject({
      kind: 'ANNOUNCEMENT',
      announcementType: 'MAINTENANCE',
      startsAt: '2026-12-01T03:00:00.000Z',
      imageUrl: null,
      texts: { EN: { title: 'Maintenance on Tuesday', content: '' } },
    });
    await waitFor(() => expect(screen.getByText('Maintenance on Tuesday')).toBeTruthy());

    await click('Delete Banner 2');
    expect(changes(sent)).toHaveLength(1); // it asks first
    await click(en.confirm.yes);
    expect(changes(sent)[1]).toEqual({ method: 'DELETE', path: '/wps/admin/content/notices/2', body: null });
    await waitFor(() => expect(document.querySelector('tr[data-notice="2"]')).toBeNull());
  });

  it('shows a login without content.write every notice and help article, but no editor and no Messages tab', async () => {
    const sent = serve({
      'GET /wps/admin/session/me': () => answer(SUPPORT),
      ...contentServer([notice(1, { texts: { EN: { title: 'Hi', content: '<p>Body <script>x()</script></p>' } } })]),
    });
    await mount('/content');
    const page = (await screen.findByRole('heading', { name: c.title, level: 1 })).closest('section')!;
    await waitFor(() => expect(document.querySelector('tr[data-notice="1"]')).toBeTruthy());
    expect(within(page).getByText(c.readOnly)).toBeTruthy();
    expect(within(page).queryByRole('tab', { name: c.tabs.messages })).toBeNull();
    const controls = () =>
      ['button', 'textbox', 'combobox', 'checkbox', 'radio', 'form'].flatMap((role) => within(page).queryAllByRole(role));
    expect(controls()).toEqual([]);
    // The texts can still be read, rendered safely.
    expect(page.querySelector('.cs-content-rendered script')).toBeNull();

    await press(within(page).getByRole('tab', { name: c.tabs.help }));
    await within(page).findByText('Who we are');
    expect(controls()).toEqual([]);
    expect(changes(sent)).toEqual([]);
  });
});

describe('the help centre', () => {
  it('adds an article to a category and says why a category with articles cannot go', async () => {
    const sent = serve({
      'GET /wps/admin/session/me': () => answer(OPERATOR),
      ...contentServer([], {
        'DELETE /wps/admin/content/help/categories/*': () => answer(null, 409, 'HELP_CATEGORY_NOT_EMPTY'),
        'POST /wps/admin/content/help/articles': () => answer({ id: 12 }),
        'POST /wps/admin/content/help/categories': () =>
          answer({ languages: ['XX'], allowed: ['CN', 'EN'] }, 422, 'LANGUAGE_UNSUPPORTED'),
      }),
    });
    await mount('/content?tab=help');
    const about = await screen.findByRole('region', { name: /About us/ });
    expect(within(about).getByText('ABOUT')).toBeTruthy();

    await click('Delete About us', about);
    await click(en.confirm.yes, about);
    expect(changes(sent)).toEqual([{ method: 'DELETE', path: '/wps/admin/content/help/categories/1', body: null }]);
    expect(within(about).getByRole('alert').textContent).toBe(c.errors.HELP_CATEGORY_NOT_EMPTY);

    const refund = screen.getByRole('region', { name: /Refund/ });
    await click('New article in Refund', refund);
    const editor = form('New article in Refund');
    fill(c.notices.sortOrder, '3', editor);
    fill('Title (English)', 'How refunds work', editor);
    fill('Text as HTML (English)', '<p>Within 7 days.</p>', editor);
    await submit(editor);
    expect(changes(sent)[1]).toEqual({
      method: 'POST',
      path: '/wps/admin/content/help/articles',
      body: { categoryId: 2, sortOrder: 3, texts: { EN: { title: 'How refunds work', content: '<p>Within 7 days.</p>' } } },
    });
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    expect(reads(sent, '/wps/admin/content/help')).toHaveLength(2); // read again after the change

    await click(c.help.addCategory);
    const category = form(c.help.addCategory);
    fill(c.help.code, 'faq!', category);
    await submit(category);
    expect(within(category).getByText(c.help.badCode)).toBeTruthy();
    fill(c.help.code, 'faq', category);
    fill('Title (English)', 'FAQ', category);
    expect(within(category).queryByLabelText('Text as HTML (English)')).toBeNull(); // a category has names only
    await submit(category);
    expect(changes(sent)[2]!.body).toEqual({ code: 'FAQ', sortOrder: 0, texts: { EN: { title: 'FAQ' } } });
    expect(within(category).getByRole('alert').textContent).toBe('This site does not offer the language XX.');
  });
});
