// The content section's calls: notices (banners, popups, announcements, promotions, the player marquee), the
// help centre's categories and articles (/wps/admin/content, content.read to read, content.write to change)
// and platform messages to members (/wps/admin/messages, messages.send). Every text is kept per language:
// {LANG: {title, content}}; the server sanitises the HTML content when it is saved.
import type { components } from '../api/schema';
import { consoleCall } from './api';

type Schemas = components['schemas'];

export type NoticeAdmin = Schemas['NoticeAdminOut'];
export type NoticeIn = Schemas['NoticeIn'];
export type NoticeKind = NoticeIn['kind'];
export type Audience = NoticeIn['audience'];
export type Platform = NoticeIn['platform'];
// The types the portal knows; the server takes any ^[A-Z_]{2,16}$ and a stored other one is kept as it is.
export type AnnouncementType = 'GENERAL' | 'PROMOTION' | 'MAINTENANCE';
export type HelpAdmin = Schemas['HelpAdminOut'];
export type HelpCategory = Schemas['HelpCategoryAdminOut'];
export type HelpArticle = Schemas['HelpArticleAdminOut'];
export type HelpCategoryIn = Schemas['HelpCategoryIn'];
export type HelpArticleIn = Schemas['HelpArticleIn'];
export type MessageIn = Schemas['SendIn'];
export type MessageAudience = MessageIn['audience'];
export type MessageSent = Schemas['SentOut'];
export type MessageStatus = MessageSent['status'];
export type MessageRow = Schemas['SentRowOut'];
export type MessagePage = Schemas['SentPageOut'];
export type HomeAdmin = Schemas['HomeContentAdminOut'];
export type HomeText = Schemas['HomeTextIn'];

// A text per language, as every content item keeps it (a help category's has only titles).
export type Text = Schemas['TextIn'];
export type Texts = Record<string, Text>;

export const NOTICE_KINDS: readonly NoticeKind[] = ['BANNER', 'POPUP', 'ANNOUNCEMENT', 'PROMOTION', 'PLAYER'];
export const AUDIENCES: readonly Audience[] = ['ALL', 'VISITORS', 'MEMBERS', 'AGENTS', 'RANKS'];
export const ANNOUNCEMENT_TYPES: readonly AnnouncementType[] = ['GENERAL', 'PROMOTION', 'MAINTENANCE'];
export const PLATFORMS: readonly Platform[] = ['A', 'W', 'M'];
export const MESSAGE_AUDIENCES: readonly MessageAudience[] = ['MEMBER', 'LABEL', 'RANK', 'ALL'];
// The kinds whose item is a picture with a link (BannerOut) rather than a text.
export const PICTURE_KINDS: readonly NoticeKind[] = ['BANNER', 'PROMOTION'];

// The server's limits (server/content/texts.py).
export const TITLE_MAX = 120;
export const CONTENT_MAX = 20_000;
export const LABEL_MAX = 64;
export const MESSAGES_PAGE = 20;

const NOTICES = '/wps/admin/content/notices';
const HELP = '/wps/admin/content/help';
const HOME = '/wps/admin/content/home';
const MESSAGES = '/wps/admin/messages';

export function listNotices(kind: NoticeKind): Promise<Schemas['NoticeListOut']> {
  return consoleCall<Schemas['NoticeListOut']>(NOTICES, { query: { kind } });
}

export function addNotice(body: NoticeIn): Promise<NoticeAdmin> {
  return consoleCall<NoticeAdmin>(NOTICES, { method: 'POST', body });
}

export function changeNotice(id: number, body: NoticeIn): Promise<NoticeAdmin> {
  return consoleCall<NoticeAdmin>(`${NOTICES}/${id}`, { method: 'PUT', body });
}

export function removeNotice(id: number): Promise<null> {
  return consoleCall<null>(`${NOTICES}/${id}`, { method: 'DELETE' });
}

// The brand's home-page words (the hero and the footer's about text) per language, as stored, and what each
// placeholder stands for now.
export function readHome(): Promise<HomeAdmin> {
  return consoleCall<HomeAdmin>(HOME);
}

// Every language at once: one left out is removed.
export function saveHome(texts: Record<string, HomeText>): Promise<HomeAdmin> {
  return consoleCall<HomeAdmin>(HOME, { method: 'PUT', body: { texts } });
}

export function readHelp(): Promise<HelpAdmin> {
  return consoleCall<HelpAdmin>(HELP);
}

export function addHelpCategory(body: HelpCategoryIn): Promise<HelpCategory> {
  return consoleCall<HelpCategory>(`${HELP}/categories`, { method: 'POST', body });
}

export function changeHelpCategory(id: number, body: HelpCategoryIn): Promise<HelpCategory> {
  return consoleCall<HelpCategory>(`${HELP}/categories/${id}`, { method: 'PUT', body });
}

// Only an empty category goes: one with articles is 409 HELP_CATEGORY_NOT_EMPTY.
export function removeHelpCategory(id: number): Promise<null> {
  return consoleCall<null>(`${HELP}/categories/${id}`, { method: 'DELETE' });
}

export function addHelpArticle(body: HelpArticleIn): Promise<HelpArticle> {
  return consoleCall<HelpArticle>(`${HELP}/articles`, { method: 'POST', body });
}

export function changeHelpArticle(id: number, body: HelpArticleIn): Promise<HelpArticle> {
  return consoleCall<HelpArticle>(`${HELP}/articles/${id}`, { method: 'PUT', body });
}

export function removeHelpArticle(id: number): Promise<null> {
  return consoleCall<null>(`${HELP}/articles/${id}`, { method: 'DELETE' });
}

// One member is written to at once; a label, a rank or everyone are written to by a job (status PENDING,
// SENDING, then SENT), which the sent list follows.
export function sendMessage(body: MessageIn): Promise<MessageSent> {
  return consoleCall<MessageSent>(MESSAGES, { method: 'POST', body });
}

export function listMessages(pageNo: number, pageSize = MESSAGES_PAGE): Promise<MessagePage> {
  return consoleCall<MessagePage>(MESSAGES, { query: { pageNo, pageSize } });
}
