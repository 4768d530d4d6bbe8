// VIP: /vip shows every level with its emblem, thresholds and perks, the member's own level marked with the
// way to their progress; the header's rank; playerRank's progress towards the next level. English and Chinese.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { showLanguage } from '../../i18n';
import { languageAtom } from '../../state/atoms';
import { memberCentreAtom } from '../../state/memberCentre';
import { store } from '../../state/store';
import type { MemberVip } from './api';
import { HeaderRank } from './components/HeaderRank';
import { PlayerRankPage } from './pages/PlayerRankPage';
import { VipLevelsPage } from './pages/VipLevelsPage';
import { asMember, asVisitor, DAY, fakeServer, LEVELS, renderAt, setUp } from './testSupport';

beforeAll(setUp);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  store.set(memberCentreAtom, null);
  await showLanguage('EN');
});

const serveLevels = (extra: (path: string) => unknown = () => undefined) =>
  fakeServer(({ path }) => {
    if (path === '/wps/vip/levels') return { value: LEVELS };
    const value = extra(path);
    return value === undefined ? undefined : { value };
  });

const MY_VIP: MemberVip = {
  level: 1, name: 'Level 1 name', emblem: 'SILVER', deposits: '500.00', turnover: '10000.00', windowDays: 30,
  next: { level: 2, name: 'Level 2 name', depositRequired: '2000.00', turnoverRequired: '10000.00' },
  promotedAt: DAY, keepUntil: DAY + 30 * 86_400_000,
};

describe('/vip', () => {
  it("shows every level's emblem, thresholds and perks, and marks the member's own with the way to their progress", async () => {
    asMember(1);
    serveLevels();
    renderAt('/vip', <VipLevelsPage />);
    const cards = await screen.findAllByTestId('vip-level');
    expect(cards).toHaveLength(3);
    const [start, mine, next] = cards;
    expect(start!.querySelector('svg[data-emblem="BRONZE"]')).toBeTruthy();
    expect(within(start!).getByText('Every member starts here.')).toBeTruthy();
    expect(mine!.getAttribute('aria-current')).toBe('true');
    expect(within(mine!).getByText('Your level')).toBeTruthy();
    expect(within(mine!).getByText('Deposits of P 1,000.00 and valid turnover of P 5,000.00 within 30 days')).toBeTruthy();
    const perks = (card: HTMLElement) =>
      Object.fromEntries([...card.querySelectorAll('.vip-perks div')].map((row) => [row.querySelector('dt')!.textContent, row.querySelector('dd')!.textContent]));
    expect(perks(mine!)).toEqual({
      'Upgrade bonus': 'P 10.00',
      'Monthly bonus': 'None',
      'Birthday bonus': 'None',
      'Bonus wagering': '3× the bonus',
      'Withdrawals a day': '5',
      'Withdrawal amount a day': 'P 50,000.00',
      'VIP customer service': 'No',
    });
    expect(within(mine!).getByText('Live Casino').nextSibling?.textContent).toBe('0.80%');
    expect(within(mine!).getByText('Slots').nextSibling?.textContent).toBe('1.00%');
    expect(next!.getAttribute('aria-current')).toBeNull();
    expect(within(next!).queryByRole('button')).toBeNull();
    fireEvent.click(within(mine!).getByRole('button', { name: 'See my progress' }));
    expect(store.get(memberCentreAtom)).toBe('playerRank');
  });

  it('shows a visitor every level, none marked, and asks them to log in', async () => {
    asVisitor();
    serveLevels();
    renderAt('/vip', <VipLevelsPage />);
    expect(await screen.findAllByTestId('vip-level')).toHaveLength(3);
    expect(screen.queryByText('Your level')).toBeNull();
    expect(screen.getByText(/Log in to see your level/)).toBeTruthy();
  });

  it('reads in Chinese', async () => {
    asMember(2);
    store.set(languageAtom, 'CN');
    await showLanguage('CN');
    serveLevels();
    renderAt('/vip', <VipLevelsPage />);
    const cards = await screen.findAllByTestId('vip-level');
    expect(within(cards[2]!).getByText('您的等级')).toBeTruthy();
    expect(within(cards[2]!).getByText('晋级礼金')).toBeTruthy();
    expect(within(cards[2]!).getByText('30天内存款 P 2,000.00 且有效投注 P 10,000.00')).toBeTruthy();
  });
});

describe("the header's rank", () => {
  it("shows the member's level by emblem and name, and opens their progress", async () => {
    asMember(2);
    serveLevels();
    renderAt('/', <HeaderRank />);
    const rank = await screen.findByTestId('header-rank');
    expect(rank.textContent).toBe('Level 2 name');
    expect(rank.querySelector('svg[data-emblem="GOLD"]')).toBeTruthy();
    fireEvent.click(rank);
    expect(store.get(memberCentreAtom)).toBe('playerRank');
  });

  it('shows nothing to a visitor, and reads the levels once', async () => {
    asVisitor();
    const server = serveLevels();
    renderAt('/', <HeaderRank />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('header-rank')).toBeNull();
    expect(server.calls('/wps/vip/levels')).toHaveLength(0);
  });
});

describe('playerRank', () => {
  it('shows the level, the progress of deposits and turnover towards the next, the window and how long the level holds', async () => {
    asMember(1);
    serveLevels((path) => (path === '/wps/member/vip' ? MY_VIP : undefined));
    renderAt('/', <PlayerRankPage />);
    expect((await screen.findByTestId('rank-name')).textContent).toBe('Level 1 name');
    expect(screen.getByText('Next level: Level 2 name')).toBeTruthy();
    expect(screen.getByText('Deposits and valid turnover count over the last 30 days.')).toBeTruthy();
    const [deposits, turnover] = screen.getAllByRole('progressbar');
    expect(deposits!.getAttribute('aria-valuenow')).toBe('25');
    expect(turnover!.getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('Deposits P 500.00 of P 2,000.00')).toBeTruthy();
    const dates = screen.getByTestId('rank-dates');
    expect(within(dates).getByText('2026-12-01 07:00:00 GMT+7')).toBeTruthy();
    expect(within(dates).getByText('2026-12-31 07:00:00 GMT+7')).toBeTruthy();
    store.set(memberCentreAtom, 'playerRank');
    fireEvent.click(screen.getByRole('link', { name: 'All levels and perks' }));
    await waitFor(() => expect(screen.getByText('vip page')).toBeTruthy());
    expect(store.get(memberCentreAtom)).toBeNull();
  });

  it('says when the top level is reached, in Chinese', async () => {
    asMember(2);
    store.set(languageAtom, 'CN');
    await showLanguage('CN');
    serveLevels((path) => (path === '/wps/member/vip' ? { ...MY_VIP, level: 2, name: '黄金', next: null, keepUntil: null, promotedAt: null } : undefined));
    renderAt('/', <PlayerRankPage />);
    expect((await screen.findByTestId('rank-name')).textContent).toBe('黄金');
    expect(screen.getByText('您已达到最高等级')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByTestId('rank-dates')).toBeNull();
  });
});
