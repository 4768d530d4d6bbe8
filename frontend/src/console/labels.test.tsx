// The codes the console shows, in words: every module switch a name and a line on what it does, every ledger
// kind and wallet a name, in every console language; the member statement's kinds, the switch tree and the
// audit log's details as a staff member reads them (the code small beside a label, for support). The member
// statement's kinds: member-page.test.tsx.
import { render, screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { I18nProvider } from '../i18n/react';
import { AuditDetail } from './components/AuditDetail';
import { SwitchTree } from './components/brand/SwitchTree';
import { CONSOLE_LANGUAGES, CONSOLE_RESOURCES, initConsoleI18n } from './i18n';
import { tearDown } from './testing';

vi.mock('socket.io-client', () => import('./testing').then((module) => module.fakeSocketModule));

// server/brands/defaults.py DEFAULT_WHITELABEL, every switch of the tree a new merchant starts with.
const SWITCHES = [
  'REGISTER3', 'DIRECTREG3', 'USERNAMEREG3', 'MOBILENUMREG3', 'MOBILENUMPASSREG3', 'REGMOBVERF3', 'LOGIN3',
  'MOBILEVERCODELOGIN3', 'FREEPLAY3', 'PWDEXPFORCECHANGE3', 'CHNGPASSVERIF3', 'MEMBER3', 'WALLET3', 'MANPLAYREB3',
  'REFERRAL3', 'AGENT3', 'AGENTPOLICY3', 'DIVIDEND3', 'DAILYSALARY3', 'HOURLYSALARY3', 'REALTIMESALARY3', 'GAME3',
  'LIVE3', 'RNG3', 'SPORTS3', 'FISH3', 'PVP3', 'ESPORTS3', 'LOTT3', 'ELOTT3', 'PROMO3', 'VIP3', 'POINTMALL3', 'CHAT3',
];
// server/wallet/records.py TYPES: every transfer kind the ledger posts.
const KINDS = [
  'DEPOSIT', 'WITHDRAW_HOLD', 'WITHDRAW_RELEASE', 'WITHDRAW', 'WITHDRAW_REFUND', 'WALLET_TRANSFER', 'UPLINE_TRANSFER',
  'DOWNLINE_TRANSFER', 'BONUS', 'AGENT_SALARY', 'AGENT_DIVIDEND', 'GAME_BET', 'GAME_WIN', 'TRIAL_GRANT', 'REVERSAL',
  'ADJUSTMENT',
];
const WALLETS = ['MAIN', 'BONUS', 'TRIAL', 'VENDOR', 'HOLD'];

describe('every code has a label in every console language', () => {
  it.each(CONSOLE_LANGUAGES)('%s', (language) => {
    const strings = CONSOLE_RESOURCES[language].translation;
    const names = strings.brand.switches.names as Record<string, string>;
    const descriptions = strings.brand.switches.descriptions as Record<string, string>;
    for (const modId of SWITCHES) {
      expect(names[modId], modId).toBeTruthy();
      expect(names[modId], modId).not.toBe(modId);
      expect(descriptions[modId], modId).toBeTruthy();
    }
    const kinds = strings.records.kinds as Record<string, string>;
    for (const kind of KINDS) expect(kinds[kind] && kinds[kind] !== kind, kind).toBe(true);
    const wallets = strings.records.wallets as Record<string, string>;
    for (const wallet of WALLETS) expect(wallets[wallet], wallet).toBeTruthy();
  });
});

async function inConsole(element: React.ReactElement, language: 'EN' | 'CN' = 'EN') {
  const i18n: I18n = await initConsoleI18n(language);
  return render(<I18nProvider i18n={i18n}>{element}</I18nProvider>);
}

describe('the switch tree', () => {
  afterEach(tearDown);

  it("names each module and says what it does, its code small beside, in the console's language", async () => {
    const node = (modId: string, children: object[] = []) => ({ modId, enabled: true, effective: true, children });
    const switches = [node('LOGIN3', [node('PWDEXPFORCECHANGE3')]), node('SOMETHING9')];
    await inConsole(<SwitchTree switches={switches as never} write={false} onChanged={async () => undefined} />);
    const forced = document.querySelector('[data-mod="PWDEXPFORCECHANGE3"] .cs-mod') as HTMLElement;
    expect(within(forced).getByText('Forced change of expired passwords')).toBeTruthy();
    expect(within(forced).getByText('A member whose password has expired must change it at sign-in.')).toBeTruthy();
    expect(within(forced).getByText('PWDEXPFORCECHANGE3').className).toBe('cs-code-note');
    // A switch added on the server later than this console: its code, not a missing-translation key.
    const unknown = document.querySelector('[data-mod="SOMETHING9"] .cs-mod') as HTMLElement;
    expect(unknown.textContent).toBe('SOMETHING9SOMETHING9');
    expect(unknown.textContent).not.toContain('brand.switches');
  });

  it('reads in Chinese', async () => {
    const switches = [{ modId: 'REGISTER3', enabled: true, effective: true, children: [] }];
    await inConsole(<SwitchTree switches={switches as never} write={false} onChanged={async () => undefined} />, 'CN');
    expect(screen.getByText('注册')).toBeTruthy();
    expect(screen.getByText('访客可在网站上开户。')).toBeTruthy();
  });
});

describe('an audit entry detail', () => {
  afterEach(tearDown);

  it('is labelled fields: money as money, yes and no, instants, roles, nested changes; unknown keys by name', async () => {
    const detail = {
      agent: 'agent1',
      amount: '1234.5',
      transferId: 77,
      on: true,
      startsAt: '2026-03-01T10:00:00Z',
      from: 'AUDITOR',
      after: { enabled: false, minLength: 6 },
      somethingNew: [1, 2],
      note: null,
    };
    const { container } = await inConsole(<AuditDetail detail={detail} />);
    const fields = [...container.querySelectorAll(':scope > dl > .cs-audit-field')].map((field) => [
      field.querySelector('dt')!.textContent,
      field.querySelector('dd')!.textContent,
    ]);
    expect(fields).toEqual([
      ['Agent', 'agent1'],
      ['Amount', '1,234.50'],
      ['Ledger transfer', '77'],
      ['On', 'Yes'],
      // The tests run in Asia/Ho_Chi_Minh (UTC+7).
      ['Starts', '2026-03-01 17:00:00 GMT+7'],
      ['From', 'Auditor'],
      ['After', 'OnNoShortest6'],
      ['somethingNew', '1, 2'],
      ['Note', '—'],
    ]);
    expect(container.textContent).not.toContain('{');
    expect(container.querySelector('dt code')!.textContent).toBe('somethingNew');
  });

  it('names the languages of texts kept per language, and the fields of each', async () => {
    const detail = { after: { sortOrder: 2, texts: { EN: { title: 'Deposits', content: '<p>How</p>' }, CN: { title: '存款' } } } };
    const { container } = await inConsole(<AuditDetail detail={detail} />, 'CN');
    const labels = [...container.querySelectorAll('dt')].map((label) => label.textContent);
    expect(labels).toEqual(['修改后', '排序', '文本', 'English', '标题', '正文', '中文', '标题']);
    expect(container.querySelector('dt code')).toBeNull();
  });

  it('shows a dash for an entry without detail', async () => {
    const { container } = await inConsole(<AuditDetail detail={{}} />);
    expect(container.textContent).toBe('—');
  });
});
