// The route table of SPEC §2.1 (/promotions and /promoDetail came with issue 31, /vip and /pointMall with
// issue 32); an address it does not name is the not-found page. Each named group is its own lazily loaded
// chunk. The routes are plain elements under a BrowserRouter (react-router's declarative mode) rather than a
// data router: the app has no loaders or actions, and the data router's code was a quarter of the first
// page's script.
import { matchRoutes, type RouteObject, useRoutes } from 'react-router';

import { Layout, preloadFooter, preloadHeader } from './layouts/Layout';
import { group, type PageGroup } from './lazyGroup';
import { PageBoundary } from './PageBoundary';

const index = group(() => import('./pages/HomePage'));
const register = group(() => import('./pages/RegisterRoute'));
const notice = group(() => import('./pages/NoticePage'));
const lottery = group(() => import('./pages/LotteryPage'));
const vnlottery = group(() => import('./pages/VnLotteryPage'));
const elott = group(() => import('./pages/ElottPage'));
const egame = group(() => import('./pages/SlotsPage'));
const live = group(() => import('./pages/LivePage'));
const pvp = group(() => import('./pages/PvpPage'));
const sports = group(() => import('./pages/SportsPage'));
const esports = group(() => import('./pages/EsportsPage'));
const fish = group(() => import('./pages/FishPage'));
const help = group(() => import('./pages/HelpPage'));
const promo = group(() => import('./pages/PromotionsPage'));
const promoDetail = group(() => import('./pages/PromoDetailPage'));
// SPEC's groups Vip and pointMall: each its own chunk, behind one small chunk for both (pages/LoyaltyPage).
const loyalty = group(() => import('./pages/LoyaltyPage'));
const download = group(() => import('./pages/DownloadPage'));
const joinus = group(() => import('./pages/JoinPage'));
const seamless = group(() => import('./pages/SeamlessPage'));
const byIframe = group(() => import('./pages/GamePage'));
const login = group(() => import('./pages/LoginPage'));
const notFound = group(() => import('./pages/NotFoundPage'));
const chat = group(() => import('../features/chat/pages/ChatPage'));
const service = group(() => import('../features/system/ServicePage').then((module) => ({ default: module.ServicePage })));

// `handle` keeps the group, so that preloadRoute can start a page's chunk before it renders, and the i18n
// key of the page's name for the tab's title (routeTitleKey); none: the brand's name alone.
interface PageHandle extends PageGroup {
  title?: string;
}

function page(path: string, pages: PageGroup, title?: string): RouteObject {
  const handle: PageHandle = { ...pages, title };
  return { path, element: <pages.Page />, handle };
}

// Marks the layouts that show the footer, so that preloadRoute fetches its chunk with the page's.
const WITH_FOOTER = { footer: true } as const;

function pages(routes: RouteObject[]): RouteObject[] {
  // A pathless parent holds the error screen, so the header and footer stay when a page fails.
  return [{ element: <PageBoundary />, children: routes }];
}

export const routes: RouteObject[] = [
  {
    element: <Layout header footer sidebar />,
    handle: WITH_FOOTER,
    children: pages([
      { index: true, element: <index.Page />, handle: index },
      ...['index', 'index.html', 'home'].map((path) => page(path, index)),
      page('register', register, 'account.register'),
      page('register.html', register, 'account.register'),
      page('noticePage', notice, 'notices.title'),
      page('elott', elott, 'categories.ELOTT'),
      page('rng', egame, 'categories.RNG'),
      page('live', live, 'categories.LIVE'),
      page('pvp', pvp, 'categories.PVP'),
      page('sports', sports, 'categories.SPORTS'),
      page('esports', esports, 'categories.ESPORTS'),
      page('fish', fish, 'categories.FISH'),
      page('promotions', promo, 'promotions.title'),
      page('promoDetail', promoDetail, 'promotions.detailTitle'),
      page('vip', loyalty, 'nav.vip'),
      page('help', help, 'help.title'),
      page('down', download, 'download.title'),
      page('download', download, 'download.title'),
      page('join', joinus, 'join.title'),
      page('login', login, 'pages.login.title'),
      page('*', notFound, 'errors.notFound'),
    ]),
  },
  {
    // SPEC §2.1: the point mall has the header and the footer only.
    element: <Layout header footer sidebar={false} />,
    handle: WITH_FOOTER,
    children: pages([page('pointMall', loyalty, 'nav.pointMall')]),
  },
  {
    element: <Layout header footer={false} sidebar={false} />,
    children: pages([
      page('lottery', lottery, 'pages.lottery.title'),
      page('vnlottery', vnlottery, 'pages.vnlottery.title'),
      page('seaLottery', vnlottery, 'pages.seaLottery.title'),
      page('game', byIframe, 'pages.game.title'),
    ]),
  },
  {
    element: <Layout header={false} footer={false} sidebar={false} />,
    // /helpmc: the member centre's help, without the site around it (SPEC §2.1); /chat: the customer-service
    // chat (issue 16), in its popup or, on a phone, full screen.
    children: pages([
      page('seamless', seamless, 'pages.seamless.title'),
      page('service', service, 'service.title'),
      page('helpmc', help, 'help.title'),
      page('chat', chat, 'chat.title'),
    ]),
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}

// The i18n key of the name of the page at this address, for the tab's title; null on the home page.
export function routeTitleKey(pathname: string): string | null {
  const handle = matchRoutes(routes, pathname)?.at(-1)?.route.handle as PageHandle | undefined;
  return handle?.title ?? null;
}

// The page at this address (and the footer, where its layout has one) starts loading now, alongside the
// boot's calls, instead of after them.
export function preloadRoute(pathname: string): void {
  const matches = matchRoutes(routes, pathname);
  const page = matches?.at(-1)?.route.handle as PageGroup | undefined;
  void page?.load().catch(() => undefined);
  if (matches?.some((match) => match.route.handle === WITH_FOOTER)) void preloadFooter().catch(() => undefined);
  preloadHeader();
}
