// Player protection: the section in the navigation for protection.read only; the members list (search by
// username, paging, the limits count, the exclusion with its end or "permanent", the KYC status, the open
// markers) and a member's detail (the nine limits with what is used and left and a pending change, the
// session limit, the reality check, the exclusion with the line that staff cannot lift it, the history in
// words), in English and Chinese. KYC: protection-kyc.test.tsx; markers and settings:
// protection-settings.test.tsx.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { dateTime } from '../lib/dates';
import cn from './locales/cn.json';
import en from './locales/en.json';
import { navFor } from './permissions';
import type { ProtectionLimit, ProtectionMember, ProtectionMemberRow } from './protectionApi';
import { answer, fill, type Handlers, keptToken, mount, params, press, reads, serve, staffMe, submit, tearDown, where } from './testing';

const p = en.protection;
const SUPPORT = staffMe('SUPPORT', ['members.read', 'protection.read']);
const MEMBERS = '/wps/admin/protection/members';
const at = (ms: number) => dateTime(new Date(ms).toISOString());
const say = (text: string, values: Record<string, string>) => text.replace(/{{(\w+)}}/g, (_, key: string) => values[key]!);

const UNTIL = Date.UTC(2026, 11, 20, 8);
const FROM = Date.UTC(2026, 11, 13, 8);
const row = (memberId: number, extra: Partial<ProtectionMemberRow> = {}): ProtectionMemberRow => ({
  memberId,
  username: `player${memberId}`,
  limits: 0,
  exclusion: null,
  kycStatus: 'NONE',
  openMarkers: 0,
  ...extra,
});
const ROWS = [
  row(7, { limits: 3, exclusion: { kind: 'SELF_EXCLUSION', from: FROM, until: null }, kycStatus: 'PENDING', openMarkers: 2 }),
  row(8, { exclusion: { kind: 'TIME_OUT', from: FROM, until: UNTIL }, kycStatus: 'APPROVED' }),
];

const EFFECTIVE = Date.UTC(2026, 11, 14, 9);
const limit = (kind: ProtectionLimit['kind'], period: ProtectionLimit['period'], extra: Partial<ProtectionLimit> = {}): ProtectionLimit => ({
  kind,
  period,
  amount: null,
  used: '0.00',
  left: null,
  pending: null,
  ...extra,
});
// The wire's order need not be the console's: the rows are shown deposits, losses, wagers; day, week, month.
const LIMITS: ProtectionLimit[] = [
  limit('WAGER', 'MONTH'),
  limit('DEPOSIT', 'DAY', { amount: '100.00', used: '20.00', left: '80.00', pending: { amount: '200.00', effectiveAt: EFFECTIVE } }),
  limit('DEPOSIT', 'WEEK'),
  limit('DEPOSIT', 'MONTH'),
  limit('LOSS', 'DAY'),
  limit('LOSS', 'WEEK', { amount: '1500.00', used: '1250.50', left: '249.50', pending: { amount: null, effectiveAt: EFFECTIVE } }),
  limit('LOSS', 'MONTH'),
  limit('WAGER', 'DAY', { used: '35.00' }),
  limit('WAGER', 'WEEK'),
];
const MEMBER = (extra: Partial<ProtectionMember> = {}): ProtectionMember => ({
  memberId: 7,
  username: 'player7',
  kycStatus: 'REJECTED',
  protection: {
    limits: LIMITS,
    sessionMinutes: 120,
    sessionPending: { minutes: null, effectiveAt: EFFECTIVE },
    realityCheckMinutes: 45,
    realityCheckChoices: [15, 30, 45, 60, 90, 120],
    exclusion: { kind: 'SELF_EXCLUSION', from: FROM, until: null },
    timeOutDays: [1, 3, 7, 14, 30, 42],
    selfExclusionMonths: [6, 12, 60],
  },
  // As the server sends them, newest first (the console sorts them anyway).
  history: [
    { at: Date.UTC(2026, 11, 13, 8), actor: 'MEMBER', event: 'SELF_EXCLUSION', detail: { until: null, days: null, months: null, pendingCancelled: 1 } },
    { at: Date.UTC(2026, 11, 12, 9), actor: 'STAFF', event: 'KYC_REJECTED', detail: { submissionId: 31, reason: 'The picture is blurred' } },
    { at: Date.UTC(2026, 11, 11, 9), actor: 'SYSTEM', event: 'LIMIT_APPLIED', detail: { kind: 'LOSS', period: 'WEEK', amount: null } },
    {
      at: Date.UTC(2026, 11, 10, 10),
      actor: 'MEMBER',
      event: 'LIMIT_PENDING',
      detail: { kind: 'SESSION', period: '', amount: 180, previous: 120, effectiveAt: EFFECTIVE },
    },
    { at: Date.UTC(2026, 11, 10, 9), actor: 'MEMBER', event: 'LIMIT_SET', detail: { kind: 'DEPOSIT', period: 'DAY', amount: '100.00', previous: null } },
  ],
  ...extra,
});

function server(me: object, extra: Handlers = {}): Handlers {
  return {
    'GET /wps/admin/session/me': () => answer(me),
    [`GET ${MEMBERS}`]: () => answer({ list: ROWS, total: 2 }),
    [`GET ${MEMBERS}/*`]: () => answer(MEMBER()),
    ...extra,
  };
}

const rowOf = (id: number) => document.querySelector<HTMLElement>(`tr[data-member="${id}"]`)!;
const limitRow = (key: string) => document.querySelector<HTMLElement>(`tr[data-limit="${key}"]`)!;
const cell = (tr: HTMLElement, name: string) => tr.querySelector(`[data-cell="${name}"]`)!.textContent;

beforeEach(keptToken);
afterEach(tearDown);

describe('the navigation', () => {
  it('offers Player protection with protection.read, not with protection.manage alone', async () => {
    expect(navFor(['protection.read']).map((section) => section.path)).toEqual(['/protection']);
    expect(navFor(['protection.manage'])).toEqual([]);
    expect(navFor(['loyalty.read', 'protection.read', 'feedback.read']).map((section) => section.labelKey)).toEqual([
      'loyalty.nav',
      'protection.nav',
      'feedback.nav',
    ]);

    serve(server(staffMe('SUPPORT', ['protection.read'])));
    await mount('/');
    await waitFor(() => expect(where()).toBe('/protection'));
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual([p.nav]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(p.title);
    expect(screen.getByText(p.readOnly)).toBeTruthy();
  });

  it('leaves it out, and refuses the address, without protection.read', async () => {
    serve(server(staffMe('OPERATOR', ['members.read', 'protection.manage'])));
    await mount('/protection');
    await screen.findByText(en.shell.noPermission);
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(nav).queryByText(p.nav)).toBeNull();
  });
});

describe('the members', () => {
  it('lists each member with their limits, exclusion, KYC status and open markers', async () => {
    const sent = serve(server(SUPPORT));
    await mount('/protection');
    await waitFor(() => expect(rowOf(8)).toBeTruthy());
    expect(screen.getByRole('tab', { name: p.tabs.members }).getAttribute('aria-selected')).toBe('true');
    expect(params(reads(sent, MEMBERS)[0]!)).toEqual({ page: '1', size: '20' });
    expect(screen.getByText(say(p.members.total, { total: '2' }))).toBeTruthy();
    expect(rowOf(7).textContent).toContain('player7');
    expect(cell(rowOf(7), 'limits')).toBe('3');
    expect(cell(rowOf(7), 'exclusion')).toBe(say(p.exclusion.permanentText, { kind: p.exclusion.kinds.SELF_EXCLUSION }));
    expect(rowOf(7).querySelector('[data-kyc]')!.textContent).toBe(p.kycStatuses.PENDING);
    expect(cell(rowOf(7), 'markers')).toBe('2');
    expect(cell(rowOf(8), 'exclusion')).toBe(say(p.exclusion.untilText, { kind: p.exclusion.kinds.TIME_OUT, time: at(UNTIL) }));
    expect(rowOf(8).querySelector('[data-kyc]')!.textContent).toBe(p.kycStatuses.APPROVED);
  });

  it('searches by username and pages through the list', async () => {
    const many = Array.from({ length: 20 }, (_, n) => row(100 + n));
    const sent = serve(server(SUPPORT, { [`GET ${MEMBERS}`]: () => answer({ list: many, total: 45 }) }));
    await mount('/protection');
    await waitFor(() => expect(rowOf(100)).toBeTruthy());
    await press(screen.getByText(en.content.next));
    await waitFor(() => expect(reads(sent, MEMBERS)).toHaveLength(2));
    expect(params(reads(sent, MEMBERS)[1]!)).toEqual({ page: '2', size: '20' });

    fill(p.members.username, '  player7 ');
    await submit(screen.getByRole('search'));
    await waitFor(() => expect(reads(sent, MEMBERS)).toHaveLength(3));
    expect(params(reads(sent, MEMBERS)[2]!)).toEqual({ username: 'player7', page: '1', size: '20' });
  });

  it('says when no member matches', async () => {
    serve(server(SUPPORT, { [`GET ${MEMBERS}`]: () => answer({ list: [], total: 0 }) }));
    await mount('/protection');
    await screen.findByText(p.members.empty);
    fill(p.members.username, 'nobody');
    await submit(screen.getByRole('search'));
    await screen.findByText(say(p.members.none, { q: 'nobody' }));
  });

  it('shows a failed read in the console words, with a retry', async () => {
    serve(server(SUPPORT, { [`GET ${MEMBERS}`]: () => answer(null, 403, 'FORBIDDEN') }));
    await mount('/protection');
    await screen.findByText(en.errors.FORBIDDEN);
    expect(screen.getByText(en.app.retry)).toBeTruthy();
  });
});

describe("a member's detail", () => {
  it('opens from the row: the nine limits, session, reality check, exclusion without a way to lift it, and the history', async () => {
    const sent = serve(server(SUPPORT));
    await mount('/protection');
    await waitFor(() => expect(rowOf(7)).toBeTruthy());
    await press(screen.getByLabelText(say(p.members.open, { name: 'player7' })));
    await waitFor(() => expect(document.querySelector('[data-testid="protection-limits"]')).toBeTruthy());
    expect(reads(sent, `${MEMBERS}/7`)).toHaveLength(1);
    expect(screen.getByTestId('where').dataset.search).toBe('?member=7');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain(say(p.member.title, { name: 'player7' }));

    const rows = [...document.querySelectorAll<HTMLElement>('tr[data-limit]')].map((tr) => tr.dataset.limit);
    expect(rows).toEqual(['DEPOSIT-DAY', 'DEPOSIT-WEEK', 'DEPOSIT-MONTH', 'LOSS-DAY', 'LOSS-WEEK', 'LOSS-MONTH', 'WAGER-DAY', 'WAGER-WEEK', 'WAGER-MONTH']);
    const deposits = limitRow('DEPOSIT-DAY');
    expect(deposits.textContent).toContain(p.member.kinds.DEPOSIT);
    expect(deposits.textContent).toContain(p.member.periods.DAY);
    expect(cell(deposits, 'amount')).toBe('100.00');
    expect(cell(deposits, 'used')).toBe('20.00');
    expect(cell(deposits, 'left')).toBe('80.00');
    expect(cell(deposits, 'pending')).toBe(say(p.member.pendingAmount, { amount: '200.00', time: at(EFFECTIVE) }));
    const losses = limitRow('LOSS-WEEK');
    expect(cell(losses, 'amount')).toBe('1,500.00');
    expect(cell(losses, 'used')).toBe('1,250.50');
    expect(cell(losses, 'left')).toBe('249.50');
    expect(cell(losses, 'pending')).toBe(say(p.member.pendingRemoval, { time: at(EFFECTIVE) }));
    const wagers = limitRow('WAGER-DAY');
    expect(cell(wagers, 'amount')).toBe(p.member.noLimit);
    expect(cell(wagers, 'used')).toBe('35.00');
    expect(cell(wagers, 'left')).toBe('—');
    expect(cell(wagers, 'pending')).toBe('—');

    const fact = (name: string) => document.querySelector(`[data-fact="${name}"] dd`)!.textContent;
    expect(fact('exclusion')).toBe(say(p.exclusion.permanentText, { kind: p.exclusion.kinds.SELF_EXCLUSION }));
    expect(fact('session')).toBe(
      `${say(p.member.minutes, { minutes: '120' })} (${say(p.member.pendingRemoval, { time: at(EFFECTIVE) })})`,
    );
    expect(fact('realityCheck')).toBe(say(p.member.every, { minutes: '45' }));
    expect(fact('kyc')).toBe(p.kycStatuses.REJECTED);
    // Staff cannot lift an exclusion: a line says so, and nothing offers it.
    expect(screen.getByTestId('no-lift').textContent).toBe(p.exclusion.noLift);
    expect(within(screen.getByTestId('protection-member')).queryAllByRole('button').map((b) => b.textContent)).toEqual([p.member.back]);
    expect(screen.getByRole('link', { name: p.member.profile }).getAttribute('href')).toBe('/members/7');

    // The history, newest first, each event and its detail in words.
    const history = [...document.querySelectorAll<HTMLElement>('[data-testid="protection-history"] tbody tr')];
    expect(history.map((tr) => tr.dataset.event)).toEqual(['SELF_EXCLUSION', 'KYC_REJECTED', 'LIMIT_APPLIED', 'LIMIT_PENDING', 'LIMIT_SET']);
    const [excluded, rejected, applied, pending, set] = history as [HTMLElement, HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(set.textContent).toContain(at(Date.UTC(2026, 11, 10, 9)));
    expect(set.textContent).toContain(p.member.actors.MEMBER);
    expect(set.textContent).toContain(p.member.events.LIMIT_SET);
    const words = (tr: HTMLElement, key: string) => tr.querySelector(`[data-detail="${key}"]`)!.textContent;
    expect(words(set, 'kind')).toBe(`${p.detail.kind}${p.member.kinds.DEPOSIT}`);
    expect(words(set, 'period')).toBe(`${p.detail.period}${p.member.periods.DAY}`);
    expect(words(set, 'amount')).toBe(`${p.detail.amount}100.00`);
    expect(words(set, 'previous')).toBe(`${p.detail.previous}${p.member.noLimit}`);
    // The session limit's amounts are minutes, its empty period left out.
    expect(pending.textContent).toContain(p.member.events.LIMIT_PENDING);
    expect(words(pending, 'kind')).toBe(`${p.detail.kind}${p.member.kinds.SESSION}`);
    expect(pending.querySelector('[data-detail="period"]')).toBeNull();
    expect(words(pending, 'amount')).toBe(`${p.detail.amount}${say(p.member.minutes, { minutes: '180' })}`);
    expect(words(pending, 'previous')).toBe(`${p.detail.previous}${say(p.member.minutes, { minutes: '120' })}`);
    expect(words(pending, 'effectiveAt')).toBe(`${p.detail.effectiveAt}${at(EFFECTIVE)}`);
    expect(rejected.textContent).toContain(p.member.actors.STAFF);
    expect(rejected.textContent).toContain(p.member.events.KYC_REJECTED);
    expect(words(rejected, 'submissionId')).toBe(`${p.detail.submissionId}31`);
    expect(words(rejected, 'reason')).toBe(`${p.detail.reason}The picture is blurred`);
    // A self-exclusion for good: "until" says permanent; the days and months it does not use are left out.
    expect(words(excluded, 'until')).toBe(`${p.detail.until}${p.exclusion.permanent}`);
    expect(excluded.querySelector('[data-detail="months"]')).toBeNull();
    expect(excluded.querySelector('[data-detail="days"]')).toBeNull();
    expect(words(excluded, 'pendingCancelled')).toBe(`${p.detail.pendingCancelled}1`);
    expect(applied.textContent).toContain(p.member.actors.SYSTEM);
    expect(applied.textContent).toContain(p.member.events.LIMIT_APPLIED);
    expect(words(applied, 'amount')).toBe(`${p.detail.amount}${p.member.noLimit}`);

    // Back to the list.
    await press(screen.getByText(p.member.back));
    await waitFor(() => expect(rowOf(7)).toBeTruthy());
  });

  it('opens from the address in Chinese, without the member page link for a login that cannot read members', async () => {
    serve(server(staffMe('SUPPORT', ['protection.read']), { [`GET ${MEMBERS}/*`]: () => answer(MEMBER({ history: [] })) }));
    await mount('/protection?member=7', 'CN');
    await screen.findByText(cn.protection.member.historyEmpty);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(cn.protection.title);
    expect(limitRow('DEPOSIT-DAY').textContent).toContain(cn.protection.member.kinds.DEPOSIT);
    expect(cell(limitRow('WAGER-WEEK'), 'amount')).toBe(cn.protection.member.noLimit);
    expect(screen.getByTestId('no-lift').textContent).toBe(cn.protection.exclusion.noLift);
    expect(screen.queryByRole('link', { name: cn.protection.member.profile })).toBeNull();
  });

  it('has no line about lifting for a member who is not excluded', async () => {
    const member = MEMBER();
    serve(server(SUPPORT, { [`GET ${MEMBERS}/*`]: () => answer({ ...member, protection: { ...member.protection, exclusion: null, sessionMinutes: null, sessionPending: null } }) }));
    await mount('/protection?member=7');
    await waitFor(() => expect(document.querySelector('[data-fact="exclusion"]')).toBeTruthy());
    expect(document.querySelector('[data-fact="exclusion"] dd')!.textContent).toBe(p.exclusion.none);
    expect(document.querySelector('[data-fact="session"] dd')!.textContent).toBe(p.member.sessionNone);
    expect(screen.queryByTestId('no-lift')).toBeNull();
  });
});
