// What the content forms can tell before sending: the server's rules (briefs/content-api.md, part B and A)
// repeated, so that a mistake is shown at its field rather than as a refusal, and the payloads the forms
// stand for. The server checks everything again.
import {
  type Audience,
  CONTENT_MAX,
  type HelpArticleIn,
  type HelpCategoryIn,
  LABEL_MAX,
  type MessageAudience,
  type MessageIn,
  type NoticeAdmin,
  type NoticeIn,
  type NoticeKind,
  PICTURE_KINDS,
  type Platform,
  type Texts,
  TITLE_MAX,
} from '../../contentApi';
import { ConsoleError } from '../../transport';
import { charCount, isSiteLink, localToUtc, utcToLocal } from '../brand/rules';

export { localToUtc, utcToLocal };

// The languages the editor offers a tab for: the portal's switcher (server SWITCHER_LANGUAGES), English
// first; a stored text in another language the brand adds gets its tab too (see editorLanguages).
export const CONTENT_LANGUAGES = ['EN', 'CN', 'JA', 'TH', 'VI', 'PT', 'TY'] as const;

export function editorLanguages(texts: Record<string, unknown>): string[] {
  const extra = Object.keys(texts).filter((code) => !(CONTENT_LANGUAGES as readonly string[]).includes(code));
  return [...CONTENT_LANGUAGES, ...extra.sort()];
}

// --- texts per language ---------------------------------------------------------------------------------

// A problem of one language's text: the language and an i18n key.
export interface TextProblem {
  language: string;
  field: 'title' | 'content';
  key: string;
}

// The texts to send: each language with a title or a content, trimmed; a language left empty is dropped.
// Problems: a content without its title, a title or content too long, nothing written at all.
export function textsPayload(
  texts: Texts,
  withContent: boolean,
): { texts: Texts } | { problems: TextProblem[]; none?: boolean } {
  const out: Texts = {};
  const problems: TextProblem[] = [];
  for (const [language, text] of Object.entries(texts)) {
    const title = text.title.trim().replace(/\s+/g, ' ');
    const content = withContent ? text.content.trim() : '';
    if (!title && !content) continue;
    if (!title) problems.push({ language, field: 'title', key: 'content.texts.titleRequired' });
    else if (charCount(title) > TITLE_MAX) problems.push({ language, field: 'title', key: 'content.texts.titleTooLong' });
    if (charCount(content) > CONTENT_MAX) {
      problems.push({ language, field: 'content', key: 'content.texts.contentTooLong' });
    }
    out[language] = { title, content };
  }
  if (problems.length > 0) return { problems };
  if (Object.keys(out).length === 0) return { problems: [], none: true };
  return { texts: out };
}

export function titlesOnly(texts: Texts): Record<string, { title: string }> {
  return Object.fromEntries(Object.entries(texts).map(([code, text]) => [code, { title: text.title }]));
}

export function emptyTexts(stored: Record<string, { title: string; content?: string }> = {}): Texts {
  return Object.fromEntries(
    editorLanguages(stored).map((code) => [code, { title: stored[code]?.title ?? '', content: stored[code]?.content ?? '' }]),
  );
}

// The title a list shows: the console's language, else English, else the first one written.
export function titleIn(texts: Record<string, { title: string }>, language: string): string {
  return texts[language]?.title || texts.EN?.title || Object.values(texts).find((text) => text.title)?.title || '';
}

// --- notices ---------------------------------------------------------------------------------------------

export type NoticeState = 'draft' | 'scheduled' | 'live' | 'ended';

// What a visitor would see now: an unpublished item is a draft; a published one is live inside its window
// (startsAt <= now < endsAt, either end open), scheduled before it, ended after it.
export function noticeState(notice: Pick<NoticeAdmin, 'published' | 'startsAt' | 'endsAt'>, now = Date.now()): NoticeState {
  if (!notice.published) return 'draft';
  if (notice.startsAt && Date.parse(notice.startsAt) > now) return 'scheduled';
  if (notice.endsAt && Date.parse(notice.endsAt) <= now) return 'ended';
  return 'live';
}

export interface NoticeForm {
  kind: NoticeKind;
  announcementType: string; // one of ANNOUNCEMENT_TYPES, or another the server stored
  platform: Platform;
  audience: Audience;
  ranks: string; // "3, 4, 5"
  start: string; // datetime-local, the browser's zone
  end: string;
  sortOrder: string;
  published: boolean;
  imageUrl: string;
  linkUrl: string;
  texts: Texts;
}

export type NoticeField = 'ranks' | 'start' | 'end' | 'sortOrder' | 'imageUrl' | 'linkUrl' | 'texts';

export function noticeForm(kind: NoticeKind, notice?: NoticeAdmin): NoticeForm {
  return {
    kind: notice?.kind ?? kind,
    announcementType: notice?.announcementType ?? 'GENERAL',
    platform: notice?.platform ?? 'A',
    audience: notice?.audience ?? 'ALL',
    ranks: (notice?.ranks ?? []).join(', '),
    start: utcToLocal(notice?.startsAt),
    end: utcToLocal(notice?.endsAt),
    sortOrder: String(notice?.sortOrder ?? 0),
    published: notice?.published ?? false,
    imageUrl: notice?.imageUrl ?? '',
    linkUrl: notice?.linkUrl ?? '',
    texts: emptyTexts(notice?.texts),
  };
}

const SORT_MAX = 1_000_000; // the server's bound, either way

// "3, 4,5" -> [3, 4, 5]; null for anything but whole rank levels.
export function parseRanks(text: string): number[] | null {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  if (!parts.every((part) => /^\d{1,3}$/.test(part))) return null;
  return [...new Set(parts.map(Number))].sort((a, b) => a - b);
}

export function parseSortOrder(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!/^-?\d{1,7}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Math.abs(value) <= SORT_MAX ? value : null;
}

export type NoticeProblems = Partial<Record<NoticeField, string>> & { textProblems?: TextProblem[] };

export function noticeRequest(form: NoticeForm): { body: NoticeIn } | { problems: NoticeProblems } {
  const problems: NoticeProblems = {};
  const picture = PICTURE_KINDS.includes(form.kind);
  const ranks = form.audience === 'RANKS' ? parseRanks(form.ranks) : [];
  if (ranks === null) problems.ranks = 'content.notices.badRanks';
  else if (form.audience === 'RANKS' && ranks.length === 0) problems.ranks = 'content.notices.ranksRequired';
  let startsAt: string | null = null;
  let endsAt: string | null = null;
  if (form.start) {
    startsAt = localToUtc(form.start);
    if (!startsAt) problems.start = 'content.notices.badTime';
  }
  if (form.end) {
    endsAt = localToUtc(form.end);
    if (!endsAt) problems.end = 'content.notices.badTime';
    else if (startsAt && Date.parse(endsAt) <= Date.parse(startsAt)) problems.end = 'content.notices.endBeforeStart';
  }
  const sortOrder = parseSortOrder(form.sortOrder);
  if (sortOrder === null) problems.sortOrder = 'content.notices.badSortOrder';
  const imageUrl = picture ? form.imageUrl.trim() : '';
  const linkUrl = picture ? form.linkUrl.trim() : '';
  if (picture && !imageUrl) problems.imageUrl = 'content.notices.imageRequired';
  else if (imageUrl && !isSiteLink(imageUrl)) problems.imageUrl = 'content.notices.badUrl';
  if (linkUrl && !isSiteLink(linkUrl)) problems.linkUrl = 'content.notices.badUrl';
  const texts = textsPayload(form.texts, true);
  if ('problems' in texts) {
    if (texts.none) problems.texts = 'content.texts.noneWritten';
    else problems.textProblems = texts.problems;
  }
  if (Object.keys(problems).length > 0 || 'problems' in texts) return { problems };
  return {
    body: {
      kind: form.kind,
      announcementType: form.kind === 'ANNOUNCEMENT' ? form.announcementType : null,
      platform: form.platform,
      audience: form.audience,
      ranks: ranks ?? [],
      startsAt,
      endsAt,
      sortOrder: sortOrder ?? 0,
      published: form.published,
      imageUrl: imageUrl || null,
      linkUrl: linkUrl || null,
      texts: texts.texts,
    },
  };
}

// --- help centre -----------------------------------------------------------------------------------------

const CATEGORY_CODE = /^[A-Z_]{2,24}$/;

type CategoryProblems = Partial<Record<'code' | 'sortOrder' | 'texts', string>>;

export function categoryRequest(form: {
  code: string;
  sortOrder: string;
  texts: Texts;
}): { body: HelpCategoryIn } | { problems: CategoryProblems; textProblems?: TextProblem[] } {
  const problems: CategoryProblems = {};
  const code = form.code.trim().toUpperCase();
  if (!CATEGORY_CODE.test(code)) problems.code = 'content.help.badCode';
  const sortOrder = parseSortOrder(form.sortOrder);
  if (sortOrder === null) problems.sortOrder = 'content.notices.badSortOrder';
  const texts = textsPayload(form.texts, false);
  if ('problems' in texts) {
    if (texts.none) problems.texts = 'content.texts.noneWritten';
    return { problems, textProblems: texts.problems };
  }
  if (Object.keys(problems).length > 0) return { problems };
  return { body: { code, sortOrder: sortOrder ?? 0, texts: titlesOnly(texts.texts) } };
}

export function articleRequest(
  categoryId: number,
  form: { sortOrder: string; texts: Texts },
): { body: HelpArticleIn } | { problems: Partial<Record<'sortOrder' | 'texts', string>>; textProblems?: TextProblem[] } {
  const problems: Partial<Record<'sortOrder' | 'texts', string>> = {};
  const sortOrder = parseSortOrder(form.sortOrder);
  if (sortOrder === null) problems.sortOrder = 'content.notices.badSortOrder';
  const texts = textsPayload(form.texts, true);
  if ('problems' in texts) {
    if (texts.none) problems.texts = 'content.texts.noneWritten';
    return { problems, textProblems: texts.problems };
  }
  if (Object.keys(problems).length > 0) return { problems };
  return { body: { categoryId, sortOrder: sortOrder ?? 0, texts: texts.texts } };
}

// --- messages --------------------------------------------------------------------------------------------

export interface MessageForm {
  audience: MessageAudience;
  memberId: string;
  label: string;
  rank: string;
  texts: Texts;
}

export type MessageField = 'memberId' | 'label' | 'rank' | 'texts';

export function messageRequest(
  form: MessageForm,
): { body: MessageIn } | { problems: Partial<Record<MessageField, string>>; textProblems?: TextProblem[] } {
  const problems: Partial<Record<MessageField, string>> = {};
  const body: Partial<MessageIn> = { audience: form.audience };
  if (form.audience === 'MEMBER') {
    const id = form.memberId.trim();
    if (!/^\d{1,12}$/.test(id) || Number(id) === 0) problems.memberId = 'content.messages.badMember';
    else body.memberId = Number(id);
  } else if (form.audience === 'LABEL') {
    const label = form.label.trim();
    if (!label || charCount(label) > LABEL_MAX) problems.label = 'content.messages.badLabel';
    else body.label = label;
  } else if (form.audience === 'RANK') {
    const rank = form.rank.trim();
    if (!/^\d{1,3}$/.test(rank)) problems.rank = 'content.messages.badRank';
    else body.rank = Number(rank);
  }
  const texts = textsPayload(form.texts, true);
  if ('problems' in texts) {
    if (texts.none) problems.texts = 'content.texts.noneWritten';
    return { problems, textProblems: texts.problems };
  }
  // A message needs something to read: a title alone would be an empty letter.
  const bare = Object.entries(texts.texts).filter(([, text]) => !text.content);
  if (bare.length > 0) {
    return {
      problems,
      textProblems: bare.map(([language]) => ({ language, field: 'content', key: 'content.messages.contentRequired' })),
    };
  }
  if (Object.keys(problems).length > 0) return { problems };
  return { body: { ...body, texts: texts.texts } as MessageIn };
}

// --- failures --------------------------------------------------------------------------------------------

// The codes the content section has words of its own for (content.errors.<CODE>); every "…_NOT_FOUND" of
// a notice, category or article reads as NOT_FOUND.
export const CONTENT_CODES: readonly string[] = [
  'HELP_CATEGORY_NOT_EMPTY',
  'HELP_CATEGORY_CODE_TAKEN',
  'LANGUAGE_UNSUPPORTED',
  'VALIDATION_ERROR',
  'NOT_FOUND',
  'CONFLICT',
];

export function contentCode(error: unknown): string | null {
  if (!(error instanceof ConsoleError)) return null;
  if (error.code.endsWith('_NOT_FOUND') && error.status === 404) return 'NOT_FOUND';
  return CONTENT_CODES.includes(error.code) ? error.code : null;
}

// Gone under the console (deleted by someone else): the list is read again.
export const isGone = (error: unknown) => error instanceof ConsoleError && error.status === 404;
