// Issue 15's "done when", in a real browser against two API processes sharing one Postgres database and Redis
// (playwright.cluster.config.ts): an operator publishes a popup notice and a banner in the console's Content
// section; visitors see both, in English and in Vietnamese, the popup once per session; the operator writes
// to player1, whose header badge rises without a reload in a tab held by the SECOND process (the push is
// written by the first and crosses over Redis), and falls when the message is read in a tab on the first;
// player1 sends feedback with a picture, the operator answers it at the feedback desk, and the answer
// arrives in the inbox, live again; /down shows QR codes that scan to the download addresses it links.
import { type Browser, type BrowserContext, expect, type Locator, type Page } from '@playwright/test';

import { test } from '../test';
import { PNG } from 'pngjs';

import { consoleAddress, consoleStrings, enrol, openStaff, unique } from '../console-support';
import { scanQr } from '../qr';
import { openIn, strings } from '../support';

const t = consoleStrings('en');
const en = strings('EN');
const vi = strings('VI');
const SECOND_ORIGIN = process.env.E2E_SECOND_ORIGIN!;

// The content editor's language tabs name each language in itself (console/i18n.ts LANGUAGE_NAMES), not
// through the translation files.
const ENGLISH = 'English';
const VIETNAMESE = 'Tiếng Việt';

test.use({ extraHTTPHeaders: consoleAddress() });

type Texts = { title: string; content: string };
type Bilingual = { EN: Texts; VI: Texts };

function bilingual(what: string, suffix: string): Bilingual {
  return {
    EN: { title: `${what} ${suffix}`, content: `The ${what.toLowerCase()} of run ${suffix}.` },
    VI: { title: `${what} VI ${suffix}`, content: `Nội dung ${what.toLowerCase()} của lần chạy ${suffix}.` },
  };
}

// A title and a text per language in the console's texts editor (a tab per language).
async function writeTexts(form: Locator, texts: Bilingual) {
  for (const [code, name] of [['EN', ENGLISH], ['VI', VIETNAMESE]] as const) {
    await form.getByRole('tab', { name, exact: true }).click();
    await form.getByLabel(t('content.texts.title', { language: name })).fill(texts[code].title);
    await form.getByLabel(t('content.texts.content', { language: name })).fill(`<p>${texts[code].content}</p>`);
  }
}

async function publishNotice(page: Page, kind: 'BANNER' | 'POPUP', texts: Bilingual, imageUrl?: string) {
  const kinds = page.getByRole('tablist', { name: t('content.notices.kinds') });
  await kinds.getByRole('tab', { name: t(`content.kinds.${kind}`) }).click();
  const add = t('content.notices.add', { kind: t(`content.kinds.${kind}`) });
  await page.getByRole('button', { name: add }).click();
  const form = page.getByRole('form', { name: add });
  // First in its list, before the demo's own.
  await form.getByLabel(t('content.notices.sortOrder')).fill('-10');
  if (imageUrl) await form.getByLabel(t('content.notices.imageUrl')).fill(imageUrl);
  await form.getByLabel(t('content.notices.published')).check();
  await writeTexts(form, texts);
  await form.getByRole('button', { name: t('content.save') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('content.notices.saved') })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: texts.EN.title });
  await expect(row.getByText(t('content.states.live'))).toBeVisible();
}

// A visitor's home page in a language: the popup notice first, then (closed) the banner carousel.
async function visitorSees(page: Page, lang: 'EN' | 'VI', popup: Texts, banner: Texts) {
  const s = lang === 'EN' ? en : vi;
  await openIn(page, lang);
  const modal = page.getByTestId('popup-notice');
  await expect(modal.getByRole('heading', { name: s('notices.modalTitle') })).toBeVisible();
  await expect(modal.getByRole('heading', { name: popup.title, exact: true })).toBeVisible();
  await expect(modal.getByTestId('notice-content')).toHaveText(popup.content);
  await modal.getByRole('button', { name: s('common.close') }).click();
  await expect(modal).toBeHidden();
  const carousel = page.getByRole('region', { name: s('notices.bannersLabel') });
  const picture = carousel.getByRole('img', { name: banner.title, exact: true });
  await expect(picture).toBeVisible();
  await expect(picture).toHaveAttribute('src', '/banner-slots.svg');
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
}

// player1 signed in at the header of a portal on `origin`, with the Socket.IO frames its tab receives.
async function playerTab(browser: Browser, origin: string) {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  const frames: string[] = [];
  const sockets: string[] = [];
  page.on('websocket', (socket) => {
    sockets.push(socket.url());
    socket.on('framereceived', ({ payload }) => frames.push(String(payload)));
  });
  await openIn(page, 'EN');
  // This session's popup notice, out of the way (it does not come back after the login).
  const popup = page.getByTestId('popup-notice');
  await popup.getByRole('button', { name: en('common.close') }).click();
  await expect(popup).toBeHidden();
  const header = page.locator('.header-top');
  await header.getByPlaceholder(en('account.fields.username')).fill('player1');
  await header.getByPlaceholder(en('account.fields.password')).fill('Demo1234');
  await header.getByRole('button', { name: en('account.login'), exact: true }).click();
  await expect(page.getByTestId('logged-in-panel')).toBeVisible();
  return { context, page, frames, sockets };
}

const badge = (page: Page, unread: number) =>
  page.getByTestId('logged-in-panel').getByRole('button', { name: en('messages.badgeLabel', { unread: String(unread) }) });

// The push itself, as the tab's socket received it: `42["messages:unread",{"count":n}]`.
const pushed = (frames: string[], unread: number) =>
  frames.some((frame) => frame.startsWith('42') && new RegExp(`^42\\["messages:unread",\\{"count": ?${unread}\\}\\]$`).test(frame));

function smallPng(): Buffer {
  const png = new PNG({ width: 24, height: 16 });
  for (let i = 0; i < png.data.length; i += 4) {
    png.data[i] = (i * 7) % 256;
    png.data[i + 1] = 120;
    png.data[i + 2] = 200;
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

test('content on two processes: notices, live unread badge across processes, feedback answered, download QR', async ({
  browser,
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const suffix = unique();
  const bannerTexts = bilingual('Banner', suffix);
  const popupTexts = bilingual('Popup', suffix);
  const messageTexts = bilingual('Message', suffix);
  const contexts: BrowserContext[] = [];

  await test.step('an operator enrols and publishes a banner and a popup notice', async () => {
    const operator = openStaff('OPERATOR', 'e2econt');
    await enrol(page, operator);
    await expect(page).toHaveURL(/\/console\/dashboard$/);
    await page.getByRole('navigation', { name: t('shell.nav') }).getByRole('link', { name: t('content.nav') }).click();
    await expect(page).toHaveURL(/\/console\/content$/);
    await publishNotice(page, 'BANNER', bannerTexts, '/banner-slots.svg');
    await publishNotice(page, 'POPUP', popupTexts);
  });

  await test.step('visitors see both, in English and in Vietnamese; the popup once per session', async () => {
    for (const lang of ['EN', 'VI'] as const) {
      const context = await browser.newContext({ reducedMotion: 'reduce' }); // the carousel stands still
      contexts.push(context);
      const visitor = await context.newPage();
      await visitorSees(visitor, lang, popupTexts[lang], bannerTexts[lang]);
      if (lang !== 'EN') continue;
      // The same session (a reload keeps sessionStorage): the notices come, the popup does not.
      await visitor.reload();
      await expect(visitor.getByRole('img', { name: bannerTexts.EN.title, exact: true })).toBeVisible();
      await visitor.waitForTimeout(1500);
      await expect(visitor.getByTestId('popup-notice')).toHaveCount(0);
      // A new tab is a new session: it comes again.
      const another = await context.newPage();
      await openIn(another, 'EN');
      await expect(another.getByTestId('popup-notice').getByRole('heading', { name: popupTexts.EN.title })).toBeVisible();
    }
  });

  // P1 on the second process (the badge's socket), P2 on the first (where the operator's calls land).
  const p1 = await playerTab(browser, SECOND_ORIGIN);
  const p2 = await playerTab(browser, baseURL!);
  contexts.push(p1.context, p2.context);
  const inbox = p2.page.getByTestId('inbox');

  await test.step('player1 is signed in on both processes, nothing unread', async () => {
    expect(p1.sockets.some((url) => url.startsWith(SECOND_ORIGIN.replace('http', 'ws')))).toBe(true);
    // Signing in again may have written a "new device" message: read whatever is unread in P2.
    const listed = p2.page.waitForResponse((answer) => answer.url().includes('/wps/member/messages?'));
    await p2.page.getByTestId('inbox-entry').click();
    await listed;
    await expect(inbox.getByTestId('inbox-unread')).toBeVisible();
    const readAll = inbox.getByRole('button', { name: en('messages.readAll') });
    if (await readAll.isEnabled()) await readAll.click();
    await expect(inbox.getByTestId('inbox-unread')).toHaveText(en('messages.unreadCount', { unread: '0' }));
    await expect(badge(p1.page, 0)).toBeVisible();
  });

  await test.step('the operator writes to player1: the badge on the second process rises live', async () => {
    await page.getByRole('tab', { name: t('content.tabs.messages') }).click();
    const composer = page.getByRole('form', { name: t('content.messages.compose') });
    await expect(composer.getByLabel(t('content.messages.audiences.MEMBER'))).toBeChecked();
    await composer.getByLabel(t('content.messages.findMember')).fill('player1');
    await composer.getByRole('button', { name: t('content.messages.search'), exact: true }).click();
    await composer.getByRole('button', { name: t('content.messages.chooseLabel', { username: 'player1' }), exact: true }).click();
    const memberId = await composer.getByLabel(t('content.messages.memberId')).inputValue();
    expect(memberId).toMatch(/^\d+$/);
    await writeTexts(composer, messageTexts);
    await composer.getByRole('button', { name: t('content.messages.review') }).click();
    const confirm = page.getByRole('alertdialog', { name: t('content.messages.confirmTitle') });
    await expect(confirm.getByTestId('message-audience')).toHaveText(
      t('content.messages.to.MEMBER', { username: 'player1', id: memberId }),
    );
    p1.frames.length = 0;
    await confirm.getByRole('button', { name: t('content.messages.send'), exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: t('content.messages.sent', { n: '1' }) })).toBeVisible();

    await expect(badge(p1.page, 1)).toBeVisible();
    await expect(p1.page.getByTestId('unread-badge')).toHaveText('1');
    expect(pushed(p1.frames, 1)).toBe(true);
  });

  await test.step('player1 reads it in the tab on the first process: the badge falls live', async () => {
    const item = inbox.getByTestId('inbox-item').filter({ hasText: messageTexts.EN.title });
    await expect(item).toContainText(en('messages.kinds.STAFF'));
    p1.frames.length = 0;
    await item.getByRole('button', { name: new RegExp(messageTexts.EN.title) }).click();
    await expect(item.getByTestId('message-content')).toHaveText(messageTexts.EN.content);
    await expect(badge(p1.page, 0)).toBeVisible();
    await expect(p1.page.getByTestId('unread-badge')).toHaveCount(0);
    expect(pushed(p1.frames, 0)).toBe(true);
  });

  const feedbackText = `The cashier page froze, run ${suffix}.`;
  const answerText = `Thank you, fixed in run ${suffix}.`;

  await test.step('player1 sends feedback with a picture', async () => {
    const centre = p2.page.getByTestId('member-centre');
    await centre.getByRole('button', { name: en('memberCentre.pages.feedback'), exact: true }).click();
    const feedback = centre.getByTestId('feedback-page');
    await feedback.getByLabel(en('feedback.category')).selectOption({ label: en('feedback.categories.BUG') });
    await feedback.getByLabel(en('feedback.content')).fill(feedbackText);
    await feedback.getByLabel(en('feedback.addImages')).setInputFiles({
      name: 'screen.png',
      mimeType: 'image/png',
      buffer: smallPng(),
    });
    await expect(feedback.getByRole('img', { name: 'screen.png' })).toBeVisible();
    await feedback.getByRole('button', { name: en('feedback.send') }).click();
    await expect(feedback.getByRole('status')).toHaveText(en('feedback.sent'));
    const mine = feedback.getByTestId('feedback-item').filter({ hasText: feedbackText });
    await expect(mine).toContainText(en('feedback.status.OPEN'));
    await expect(mine).toContainText(en('feedback.imageCount', { n: '1' }));
  });

  await test.step('the operator answers it at the feedback desk; the answer arrives in the inbox, live', async () => {
    await page.getByRole('navigation', { name: t('shell.nav') }).getByRole('link', { name: t('feedback.nav') }).click();
    await expect(page).toHaveURL(/\/console\/feedback$/);
    const item = page.getByRole('listitem').filter({ hasText: feedbackText });
    await expect(item).toContainText('player1');
    const id = await item.getAttribute('data-feedback');
    expect(id).toMatch(/^\d+$/);
    const picture = item.getByRole('img', { name: t('feedback.image', { n: '1', id: id! }) });
    await expect(picture).toBeVisible();
    // Re-encoded by the server, still the picture sent.
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([24, 16]);
    const form = item.getByRole('form', { name: t('feedback.answerTo', { id: id! }) });
    await form.getByLabel(t('feedback.answer'), { exact: true }).fill(answerText);
    p1.frames.length = 0;
    await form.getByRole('button', { name: t('feedback.send') }).click();
    await expect(page.getByRole('status').filter({ hasText: t('feedback.answered', { username: 'player1' }) })).toBeVisible();

    await expect(badge(p1.page, 1)).toBeVisible();
    expect(pushed(p1.frames, 1)).toBe(true);

    const centre = p2.page.getByTestId('member-centre');
    await centre.getByRole('button', { name: en('memberCentre.pages.messageV2'), exact: true }).click();
    const answer = inbox.getByTestId('inbox-item').filter({ hasText: en('messages.kinds.FEEDBACK_ANSWER') }).first();
    await answer.getByRole('button').first().click();
    await expect(answer.getByTestId('message-content')).toContainText(answerText);
    await expect(badge(p1.page, 0)).toBeVisible();
  });

  await test.step('/down shows QR codes that scan to the download addresses it links', async () => {
    const visitor = await contexts[0]!.newPage();
    await openIn(visitor, 'EN', '/down');
    for (const [label, action] of [
      ['ios', 'download.get'],
      ['iosLite', 'download.installProfile'],
      ['android', 'download.get'],
    ] as const) {
      const app = en(`download.labels.${label}`);
      const qr = visitor.getByRole('img', { name: en('download.qrAlt', { app }), exact: true });
      await expect(qr).toBeVisible();
      await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const href = await visitor.getByRole('link', { name: en(action, { app }), exact: true }).getAttribute('href');
      expect(href).toMatch(/^https:\/\/download\.demo\.test\//);
      expect(await scanQr(qr)).toBe(href);
    }
  });

  for (const context of contexts) await context.close();
});
