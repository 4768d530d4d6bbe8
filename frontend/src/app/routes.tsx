// The route table of SPEC §2.1. Each named group is its own lazily loaded chunk.
import { createBrowserRouter, type RouteObject } from 'react-router';

import { ServicePage } from '../features/system/ServicePage';
import { Splash } from './BootScreens';
import { Layout } from './layouts/Layout';
import { group } from './lazyGroup';
import { RouteError } from './RouteError';

const index = group(() => import('./pages/HomePage'));
const register = group(() => import('./pages/RegisterRoute'));
const vip = group(() => import('./pages/VipPage'));
const notice = group(() => import('./pages/NoticePage'));
const pointMall = group(() => import('./pages/PointMallPage'));
const lottery = group(() => import('./pages/LotteryPage'));
const vnlottery = group(() => import('./pages/VnLotteryPage'));
const elott = group(() => import('./pages/ElottPage'));
const egame = group(() => import('./pages/SlotsPage'));
const live = group(() => import('./pages/LivePage'));
const pvp = group(() => import('./pages/PvpPage'));
const sports = group(() => import('./pages/SportsPage'));
const esports = group(() => import('./pages/EsportsPage'));
const fish = group(() => import('./pages/FishPage'));
const promo = group(() => import('./pages/PromotionsPage'));
const promoDetail = group(() => import('./pages/PromoDetailPage'));
const help = group(() => import('./pages/HelpPage'));
const download = group(() => import('./pages/DownloadPage'));
const joinus = group(() => import('./pages/JoinPage'));
const seamless = group(() => import('./pages/SeamlessPage'));
const byIframe = group(() => import('./pages/GamePage'));
const login = group(() => import('./pages/LoginPage'));
const notFound = group(() => import('./pages/NotFoundPage'));

function pages(routes: RouteObject[]): RouteObject[] {
  // A pathless child carries the error screen so the header and footer stay when a page fails.
  return [{ errorElement: <RouteError />, children: routes }];
}

export const routes: RouteObject[] = [
  {
    hydrateFallbackElement: <Splash />,
    element: <Layout header footer sidebar />,
    children: pages([
      { index: true, lazy: index },
      ...['index', 'index.html', 'home'].map((path) => ({ path, lazy: index })),
      { path: 'register', lazy: register },
      { path: 'register.html', lazy: register },
      { path: 'noticePage', lazy: notice },
      { path: 'vip', lazy: vip },
      { path: 'elott', lazy: elott },
      { path: 'rng', lazy: egame },
      { path: 'live', lazy: live },
      { path: 'pvp', lazy: pvp },
      { path: 'sports', lazy: sports },
      { path: 'esports', lazy: esports },
      { path: 'fish', lazy: fish },
      { path: 'promotions', lazy: promo },
      { path: 'promoDetail', lazy: promoDetail },
      { path: 'help', lazy: help },
      { path: 'helpmc', lazy: help },
      { path: 'down', lazy: download },
      { path: 'download', lazy: download },
      { path: 'join', lazy: joinus },
      { path: 'login', lazy: login },
      { path: '*', lazy: notFound },
    ]),
  },
  {
    hydrateFallbackElement: <Splash />,
    element: <Layout header footer sidebar={false} />,
    children: pages([{ path: 'pointMall', lazy: pointMall }]),
  },
  {
    hydrateFallbackElement: <Splash />,
    element: <Layout header footer={false} sidebar={false} />,
    children: pages([
      { path: 'lottery', lazy: lottery },
      { path: 'vnlottery', lazy: vnlottery },
      { path: 'seaLottery', lazy: vnlottery },
      { path: 'game', lazy: byIframe },
    ]),
  },
  {
    hydrateFallbackElement: <Splash />,
    element: <Layout header={false} footer={false} sidebar={false} />,
    children: pages([
      { path: 'seamless', lazy: seamless },
      { path: 'service', element: <ServicePage /> },
    ]),
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
