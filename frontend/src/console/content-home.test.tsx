// The content section's home-page tab: the brand's hero and footer words per language, placeholders listed
// with what they stand for now, checked before sending (plain text, known placeholders, lengths), saved in
// every language at once; read-only without content.write.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { filled, homePayload, homeForm } from './components/content/homeRules';
import type { HomeAdmin } from './contentApi';
import en from './locales/en.json';
import { answer, changes, click, fill, keptToken, mount, press, type Sent, serve, staffMe, tearDown } from './testing';

const h = en.content.home;
const OPERATOR = staffMe('OPERATOR', ['content.read', 'content.write', 'members.read']);
const SUPPORT = staffMe('SUPPORT', ['content.read', 'feedback.read', 'members.read']);

const FIGURES = { brand: 'Second Brand', games: 25, slots: 6, live: 5, lotteries: 9, fish: 1, sports: 1, esports: 1, pvp: 2 };
const STORED: HomeAdmin = {
  texts: {
    EN: { heroTitle: 'Welcome to {brand}', heroSubtitle: 'Slots and tables.', chips: ['{games} games', '{slots} slots'], footerAbout: 'A demo.' },
    TH: { heroTitle: 'ยินดีต้อนรับสู่ {brand}', heroSubtitle: '', chips: [], footerAbout: '' },
  },
  figures: FIGURES,
};

function homeServer(me: unknown, onSave?: (sent: Sent) => Response): Handlers {
  return {
    'GET /wps/admin/session/me': () => answer(me),
    'GET /wps/admin/content/home': () => answer(STORED),
    'PUT /wps/admin/content/home': (sent) => (onSave ? onSave(sent) : answer(STORED)),
  };
}
type Handlers = Parameters<typeof serve>[0];

beforeEach(keptToken);
afterEach(tearDown);

describe('the home-page rules', () => {
  it('send each written language as single lines, drop empty ones, and say what is wrong where', () => {
    const form = homeForm(STORED.texts);
    expect(Object.keys(form).slice(0, 7)).toEqual(['EN', 'CN', 'JA', 'TH', 'VI', 'PT', 'TY']);
    form.EN = { ...form.EN!, heroSubtitle: '  Slots   and tables. ', chips: ['{games} games', '', ' {slots}  slots', ''] };
    expect(homePayload(form)).toEqual({
      texts: {
        EN: { heroTitle: 'Welcome to {brand}', heroSubtitle: 'Slots and tables.', chips: ['{games} games', '{slots} slots'], footerAbout: 'A demo.' },
        TH: { heroTitle: 'ยินดีต้อนรับสู่ {brand}', heroSubtitle: '', chips: [], footerAbout: '' },
      },
    });
    form.CN = { heroTitle: '', heroSubtitle: '', chips: ['{jackpot} 奖池', '', '', ''], footerAbout: 'x'.repeat(501) };
    expect(homePayload(form)).toEqual({
      problems: [
        { language: 'CN', field: 'heroTitle', key: 'content.home.titleRequired' },
        { language: 'CN', field: 'chip0', key: 'content.home.unknownPlaceholder', values: { names: '{jackpot}' } },
        { language: 'CN', field: 'footerAbout', key: 'content.home.tooLong', values: { max: '500' } },
      ],
    });
    expect(filled('{lotteries} lotteries at {brand}, {unknown}', { ...FIGURES, lotteries: 12000 }, 'PT')).toBe(
      '12.000 lotteries at Second Brand, {unknown}',
    );
  });
});

describe('the home-page tab', () => {
  it('lists the figures, checks before sending and saves every language at once', async () => {
    const sent = serve(homeServer(OPERATOR));
    await mount('/content?tab=home');
    const figures = await screen.findByTestId('home-figures');
    expect(within(figures).getByText('{slots}').closest('li')?.textContent).toBe('{slots} slot games: 6');
    const preview = screen.getByTestId('home-preview');
    expect(within(preview).getByText('Welcome to Second Brand')).toBeTruthy();
    expect(within(preview).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['25 games', '6 slots']);

    fill(h.chip.replace('{{n}}', '3').replace('{{language}}', 'English'), '{slotz} reels');
    await press(screen.getByRole('button', { name: h.save }));
    expect(await screen.findByText(h.unknownPlaceholder.replace('{{names}}', '{slotz}'))).toBeTruthy();
    expect(changes(sent)).toEqual([]);

    fill(h.chip.replace('{{n}}', '3').replace('{{language}}', 'English'), '{live}   live tables');
    expect(within(screen.getByTestId('home-preview')).getByText('5 live tables')).toBeTruthy();
    await click(h.save);
    await screen.findByText(h.saved);
    expect(changes(sent)).toEqual([
      {
        method: 'PUT',
        path: '/wps/admin/content/home',
        body: {
          texts: {
            EN: {
              heroTitle: 'Welcome to {brand}',
              heroSubtitle: 'Slots and tables.',
              chips: ['{games} games', '{slots} slots', '{live} live tables'],
              footerAbout: 'A demo.',
            },
            TH: STORED.texts.TH,
          },
        },
      },
    ]);
  });

  it("says a refusal in the section's words", async () => {
    serve(homeServer(OPERATOR, () => answer({ languages: ['XX'] }, 422, 'LANGUAGE_UNSUPPORTED')));
    await mount('/content?tab=home');
    await screen.findByTestId('home-figures');
    await click(h.save);
    expect(await screen.findByText('This site does not offer the language XX.')).toBeTruthy();
  });

  it('shows a login without content.write the words of each language, and no editor', async () => {
    const sent = serve(homeServer(SUPPORT));
    await mount('/content?tab=home');
    const panel = (await screen.findByTestId('home-figures')).closest('section')!;
    expect(within(panel).getByText('Welcome to Second Brand')).toBeTruthy();
    for (const role of ['button', 'textbox', 'form']) expect(within(panel).queryAllByRole(role)).toEqual([]);
    await press(within(panel).getByRole('tab', { name: /^ไทย/ }));
    await waitFor(() => expect(within(panel).getByText('ยินดีต้อนรับสู่ Second Brand')).toBeTruthy());
    expect(changes(sent)).toEqual([]);
  });
});
