// The route table of SPEC §2.1. Each named group is its own lazily loaded chunk.
import { createBrowserRouter, type RouteObject } from 'react-router';

import { Splash } from '../features/system/BootScreens';
import { ServicePage } from '../features/system/ServicePage';
import { Layout } from './layouts/Layout';
import { group } from './lazyGroup';
import { RouteError } from './RouteError';

const index = group(() => import('../features/home/HomePage'));
const register = group(() => import('../features/home/RegisterRoute'));
const vip = group(() => import('../features/pages/VipPage'));
const notice = group(() => import('../features/pages/NoticePage'));
const pointMall = group(() => import('../features/pages/PointMallPage'));
const lottery = group(() => import('../features/pages/LotteryPage'));
const vnlottery = group(() => import('../features/pages/VnLotteryPage'));
const elott = group(() => import('../features/pages/ElottPage'));
const egame = group(() => import('../features/pages/SlotsPage'));
const live = group(() => import('../features/pages/LivePage'));
const pvp = group(() => import('../features/pages/PvpPage'));
const sports = group(() => import('../features/pages/SportsPage'));
const esports = group(() => import('../features/pages/EsportsPage'));
const fish = group(() => import('../features/pages/FishPage'));
const promo = group(() => import('../features/pages/PromotionsPage'));
const promoDetail = group(() => import('../features/pages/PromoDetailPage'));
const help = group(() => import('../features/pages/HelpPage'));
const download = group(() => import('../features/pages/DownloadPage'));
const joinus = group(() => import('../features/pages/JoinPage'));
const seamless = group(() => import('../features/pages/SeamlessPage'));
const byIframe = group(() => import('../features/pages/GamePage'));
const login = group(() => import('../features/pages/LoginPage'));
const notFound = group(() => import('../features/pages/NotFoundPage'));

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
