// The content calls of issue 15 (briefs/content-api.md): the home notices, the announcement list, the help
// centre and the join application. Public calls: visitors and members alike. The wire types are the
// generated OpenAPI ones (api/schema.d.ts).
import { call, type Schemas } from '../../api/client';

export type Notice = Schemas['NoticeOut'];
export type Banner = Schemas['BannerOut'];
export type HomeNotice = Schemas['HomeNoticeOut'];
// Banners and promotion tiles are pictures: the server requires one, and one without is not shown.
export type PictureBanner = Banner & { imageUrl: string };
export const withPicture = (banners: Banner[]): PictureBanner[] =>
  banners.filter((banner): banner is PictureBanner => Boolean(banner.imageUrl));
export type NoticePage = Schemas['AnnouncementPageOut'];
export type HelpArticle = Schemas['HelpArticleOut'];
export type HelpCategory = Schemas['HelpCategoryOut'];
export type HelpCentre = Schemas['HelpCentreOut'];
export type JoinApplication = Schemas['ApplyIn'];
export type JoinReceipt = Schemas['ApplicationIdOut'];

export const JOIN_KINDS = ['AFFILIATE', 'AGENT'] as const satisfies readonly JoinApplication['kind'][];
export const CONTACT_TYPES = ['MOBILE', 'EMAIL', 'TELEGRAM', 'WHATSAPP', 'LINE', 'ZALO'] as const satisfies readonly JoinApplication['contactType'][];

// SPEC §9: notices 9 a page.
export const NOTICE_PAGE_SIZE = 9;
export const ANNOUNCEMENT_TYPES = 'GENERAL,PROMOTION,MAINTENANCE';
// The portal is the web platform (W): it reads the items for the web and for all platforms.
const PLATFORM = 'W';

export const contentApi = {
  homeNotice: (signal?: AbortSignal) => call<HomeNotice>('/wps/system/notice', { query: { platform: PLATFORM }, signal }),
  announcements: (pageNo: number, signal?: AbortSignal) =>
    call<NoticePage>('/wps/system/announcements', {
      query: { types: ANNOUNCEMENT_TYPES, platform: PLATFORM, pageNo, pageSize: NOTICE_PAGE_SIZE },
      signal,
    }),
  helpCentre: (q: string, signal?: AbortSignal) =>
    call<HelpCentre>('/wps/system/helpCenter', { query: { q: q || undefined }, signal }),
  applyJoin: (application: JoinApplication) =>
    call<JoinReceipt>('/wps/join/apply', { method: 'POST', body: application }),
};
