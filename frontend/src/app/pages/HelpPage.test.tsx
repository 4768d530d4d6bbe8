// The Responsible Gaming help article (the footer's ?cat=responsible) carries player protection's block
// (issue 34): buttons to the member centre's Responsible gaming page and identity verification (a visitor is
// asked to log in), and the brand's support organisations.
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Brand } from '../../api/system';
import { accountModalAtom, isAgentAtom, type MemberInfo, memberAtom } from '../../state/account';
import { brandAtom, languageAtom, tokenAtom } from '../../state/atoms';
import { memberCentreAtom } from '../../state/memberCentre';
import { store } from '../../state/store';
import { fakeServer, renderAt, setUp } from '../../testing/portalTest';
import HelpPage from './HelpPage';

const HELP = {
  categories: [
    { id: 1, code: 'CONTACT', title: 'Contact us', articles: [{ id: 11, title: 'Reach us', content: '<p>Write to us.</p>' }] },
    {
      id: 2,
      code: 'RESPONSIBLE',
      title: 'Responsible gaming',
      articles: [{ id: 21, title: 'Stay in control', content: '<p>Gaming should be fun.</p>' }],
    },
  ],
};

const ORGANISATIONS = [
  { name: 'GamCare', url: 'https://www.gamcare.org.uk', phone: '0808 8020 133' },
  { name: 'Gamblers Anonymous', url: 'https://www.gamblersanonymous.org', phone: null },
  { name: 'Not a site', url: 'javascript:alert(1)', phone: null },
];

function serve(organisations = ORGANISATIONS) {
  return fakeServer(({ path }) => {
    if (path === '/wps/system/helpCenter') return { value: HELP };
    if (path === '/wps/protection/organisations') return { value: { list: organisations } };
    return undefined;
  });
}

beforeAll(setUp);
beforeEach(() => {
  store.set(brandAtom, { merchantCode: 'demo', currencySymbol: 'P' } as Brand);
  store.set(languageAtom, 'EN');
  store.set(memberCentreAtom, null);
  store.set(accountModalAtom, null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function asMember() {
  store.set(tokenAtom, 'member-token');
  store.set(isAgentAtom, 0);
  store.set(memberAtom, { id: 5, nickname: 'Amelia', userName: 'amelia', isAgent: 0 } as unknown as MemberInfo);
}

function asVisitor() {
  store.set(tokenAtom, null);
  store.set(isAgentAtom, null);
  store.set(memberAtom, null);
}

describe('the Responsible Gaming help article', () => {
  it('lists the support organisations with their sites and phones', async () => {
    asMember();
    serve();
    renderAt('/help?cat=responsible', <HelpPage />);
    const block = await screen.findByTestId('rg-help-tools');
    const rows = await within(block).findAllByTestId('rg-organisation');
    expect(rows).toHaveLength(3);
    const site = within(rows[0]!).getByRole('link', { name: 'GamCare' });
    expect(site.getAttribute('href')).toBe('https://www.gamcare.org.uk/');
    expect(site.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(rows[0]!).getByRole('link', { name: 'Phone: 0808 8020 133' }).getAttribute('href')).toBe('tel:08088020133');
    expect(rows[1]!.textContent).toBe('Gamblers Anonymous');
    // An address that is not a web page is no link.
    expect(within(rows[2]!).queryByRole('link')).toBeNull();
    expect(screen.queryByTestId('rg-help-login')).toBeNull();
  });

  it('opens the member centre on Responsible gaming and on identity verification', async () => {
    asMember();
    serve();
    renderAt('/help?cat=RESPONSIBLE', <HelpPage />);
    fireEvent.click(await screen.findByTestId('rg-help-settings'));
    expect(store.get(memberCentreAtom)).toBe('responsibleGaming');
    fireEvent.click(screen.getByTestId('rg-help-kyc'));
    expect(store.get(memberCentreAtom)).toBe('verifyIdentity');
  });

  it('asks a visitor to log in', async () => {
    asVisitor();
    serve([]);
    renderAt('/help?cat=responsible', <HelpPage />);
    const block = await screen.findByTestId('rg-help-tools');
    expect(within(block).getByTestId('rg-help-login').textContent).toBe('Log in to use these tools.');
    fireEvent.click(within(block).getByTestId('rg-help-settings'));
    expect(store.get(accountModalAtom)).toBe('login');
    expect(store.get(memberCentreAtom)).toBeNull();
    // No organisations written: none listed.
    expect(within(block).queryByTestId('rg-organisations')).toBeNull();
  });

  it('is not on the other articles', async () => {
    asMember();
    const server = serve();
    renderAt('/help?cat=contact', <HelpPage />);
    expect((await screen.findByTestId('help-article')).textContent).toContain('Write to us.');
    expect(screen.queryByTestId('rg-help-tools')).toBeNull();
    expect(server.calls('/wps/protection/organisations')).toHaveLength(0);
  });
});
