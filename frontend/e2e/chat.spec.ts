import { type Browser, expect, type Page } from '@playwright/test';

import { test } from './test';
import { PNG } from 'pngjs';

import { consoleAddress, consoleStrings, DEMO_PASSWORD, signIn } from './console-support';
import { openIn, strings } from './support';

// Issue 16's "done when": a visitor's offline message becomes a ticket answered later; player1 (rank 2) opens
// the live chat from the side bar, support1 claims it at the console's support desk, and they exchange text and
// a picture with typing and read marks moving live; agent1 (rank 5) lands in the VIP queue; player1 reloads
// mid-conversation and loses nothing.

const t = strings('EN');
const c = consoleStrings('en');
test.use({ extraHTTPHeaders: consoleAddress() });

function picture(): Buffer {
  const png = new PNG({ width: 24, height: 16 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([200, 40, 90, 255], i);
  return PNG.sync.write(png);
}

async function loginPlayer(page: Page, username: string) {
  await openIn(page, 'EN');
  const header = page.locator('.header-top');
  await header.getByPlaceholder(t('account.fields.username')).fill(username);
  await header.getByPlaceholder(t('account.fields.password')).fill(DEMO_PASSWORD);
  await header.getByRole('button', { name: t('account.login'), exact: true }).click();
  await expect(page.getByTestId('logged-in-panel')).toBeVisible();
}

async function openChatFromSideBar(page: Page, label: string): Promise<Page> {
  const popupOpened = page.waitForEvent('popup');
  // The side bar's entries are folded into one floating button.
  await page.getByTestId('side-toggle').click();
  await page.getByRole('complementary').getByRole('button', { name: label }).click();
  const popup = await popupOpened;
  await expect.poll(() => new URL(popup.url()).pathname).toBe('/chat');
  return popup;
}

async function staffDesk(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, extraHTTPHeaders: consoleAddress() });
  const desk = await context.newPage();
  await signIn(desk, 'support1', DEMO_PASSWORD);
  await desk.getByRole('link', { name: c('support.nav') }).click();
  await expect(desk.getByTestId('support-desk')).toBeVisible();
  return desk;
}

// The HTTP sends of text messages a page makes: with its socket up, a page sends on the socket instead.
function httpSendsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/chat\/conversations\/\d+\/messages$/.test(new URL(request.url()).pathname)) {
      seen.push(request.url());
    }
  });
  return seen;
}

async function send(chat: Page, text: string) {
  await chat.getByTestId('chat-input').fill(text);
  await chat.getByTestId('chat-send').click();
}

test('a visitor, player1 and agent1 reach support1 through the chat; nothing is lost on reload', async ({ browser }) => {
  test.setTimeout(180_000);

  // 1. Nobody at the desk yet: a visitor leaves a message, which waits as a ticket.
  const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await visitorContext.newPage();
  await openIn(visitor, 'EN', '/chat');
  await expect(visitor.getByTestId('chat-offline')).toBeVisible();
  await expect(visitor.getByTestId('chat-hours')).toContainText('09:00');
  await visitor.getByTestId('chat-offline-name').fill('Ann Visitor');
  await visitor.getByTestId('chat-offline-email').fill('ann.visitor@example.test');
  await visitor.getByTestId('chat-offline-text').fill('Which banks can I deposit from?');
  await visitor.getByTestId('chat-offline-submit').click();
  await expect(visitor.getByTestId('chat-ticket-sent')).toBeVisible();

  // 2. support1 comes to the desk (away: nothing is routed, conversations are taken by hand) and answers it.
  const desk = await staffDesk(browser);
  await desk.getByTestId('presence-select').selectOption('AWAY');
  await desk.getByTestId('queue-tab-TICKET').click();
  const ticket = desk.getByTestId('queue-item').filter({ hasText: 'Ann Visitor' });
  await ticket.getByTestId('claim-button').click();
  const ticketPane = desk.locator('[data-testid="conversation-panel"]:not([hidden])');
  await expect(ticketPane.getByTestId('message').filter({ hasText: 'Which banks can I deposit from?' })).toBeVisible();
  await ticketPane.getByTestId('composer').fill('Every local bank: see the cashier.');
  await ticketPane.getByTestId('send').click();
  await expect(ticketPane.getByTestId('message').filter({ hasText: 'Every local bank' })).toBeVisible();
  // The visitor comes back later: the answer is there.
  await visitor.reload();
  await expect(visitor.getByTestId('chat-message').filter({ hasText: 'Every local bank: see the cashier.' })).toBeVisible();
  await visitorContext.close();

  // 3. player1 opens the live chat from the side bar and waits in the queue.
  const playerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const playerPage = await playerContext.newPage();
  await loginPlayer(playerPage, 'player1');
  const chat = await openChatFromSideBar(playerPage, t('sidebar.customerService'));
  await expect(chat.getByTestId('chat-input')).toBeVisible();
  await send(chat, 'Hello, my deposit has not arrived');
  await expect(chat.getByTestId('chat-queue')).toBeVisible();
  await expect(chat.getByTestId('chat-vip')).toHaveCount(0);

  // 4. support1 claims it from the live-chat queue.
  await desk.getByTestId('queue-tab-LIVECHAT').click();
  const waiting = desk.getByTestId('queue-item').filter({ hasText: 'player1' });
  await expect(waiting).toBeVisible();
  const conversationId = await waiting.getAttribute('data-conversation-id');
  await waiting.getByTestId('claim-button').click();
  const pane = desk.locator(`[data-testid="conversation-panel"][data-conversation-id="${conversationId}"]`);
  await expect(pane).toHaveAttribute('data-status', 'OPEN');
  await expect(chat.getByTestId('chat-message').filter({ hasText: 'Support One' })).toBeVisible(); // "… joined"
  // From here both sides' sockets are up: their text messages go as `chat:send` on the socket, not over HTTP.
  const playerHttpSends = httpSendsOf(chat);
  const deskHttpSends = httpSendsOf(desk);

  // Typing, both ways, live.
  const staffInput = pane.getByTestId('composer');
  await staffInput.pressSequentially('Let me check', { delay: 30 });
  // Typing is announced at most every few seconds: under load the first notice can leave before the chat's
  // socket is in the room, so the staff keeps typing, as a person would, until the chat shows it.
  await expect(async () => {
    await staffInput.press('.');
    await expect(chat.getByTestId('chat-typing')).toBeVisible({ timeout: 1_500 });
  }).toPass({ timeout: 20_000 });
  await pane.getByTestId('send').click();
  await expect(chat.getByTestId('chat-message').filter({ hasText: 'Let me check' })).toBeVisible();
  await chat.getByTestId('chat-input').pressSequentially('Thank', { delay: 30 });
  await expect(pane.getByTestId('typing-indicator')).toBeVisible();
  await chat.getByTestId('chat-input').fill('Thank you. Here is my receipt:');
  await chat.getByTestId('chat-send').click();
  await expect(pane.getByTestId('message').filter({ hasText: 'Here is my receipt' })).toBeVisible();
  expect(playerHttpSends).toEqual([]);
  expect(deskHttpSends).toEqual([]);

  // A picture from the player reaches the desk as a picture.
  await chat.getByTestId('chat-image-input').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: picture() });
  await expect(chat.getByTestId('chat-image')).toBeVisible();
  const deskPicture = pane.locator('[data-testid="message"][data-kind="IMAGE"] img');
  await expect(deskPicture).toBeVisible();
  await expect.poll(() => deskPicture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24);

  // Read marks: the desk has read the player's messages (✓✓), the player has read the staff's answer.
  await expect(chat.getByTestId('chat-read-mark').last()).toHaveAttribute('data-mark', 'read');
  await expect(pane.getByTestId('read-mark')).toBeVisible();

  // 5. agent1 (rank 5) gets the VIP service and lands in the VIP queue.
  const agentContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const agentPage = await agentContext.newPage();
  await loginPlayer(agentPage, 'agent1');
  const vipChat = await openChatFromSideBar(agentPage, t('sidebar.vipService'));
  await send(vipChat, 'VIP question about my contract');
  await expect(vipChat.getByTestId('chat-vip')).toBeVisible();
  await desk.getByTestId('queue-tab-VIP').click();
  await expect(desk.getByTestId('queue-item').filter({ hasText: 'agent1' })).toBeVisible();
  await expect(desk.getByTestId('queue-tab-VIP')).toContainText(c('support.queues.VIP'));
  await agentContext.close();

  // 6. player1 reloads mid-conversation: every message is still there, in order, once.
  const before = await chat.getByTestId('chat-message').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-seq')));
  await chat.reload();
  await expect(chat.getByTestId('chat-message')).toHaveCount(before.length);
  const after = await chat.getByTestId('chat-message').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-seq')));
  expect(after).toEqual(before);
  expect(after.map(Number)).toEqual([...after.map(Number)].sort((a, b) => a - b));
  // And the conversation goes on after the reload.
  await send(chat, 'Still here after a reload');
  await expect(pane.getByTestId('message').filter({ hasText: 'Still here after a reload' })).toBeVisible();

  await playerContext.close();
  await desk.context().close();
});
