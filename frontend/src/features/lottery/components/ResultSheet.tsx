import { useAtomValue } from 'jotai';

import { useTranslation } from '../../../i18n/react';
import type { Opened } from '../api';
import { myWinsAtom, winKey } from '../atoms';

// A draw's whole sheet by prize tier (a lô pays on any of its numbers), the member's winning numbers marked.
export function ResultSheet({ opened }: { opened: Opened }) {
  const { t } = useTranslation();
  const wins = useAtomValue(myWinsAtom)[opened.issueNo];
  return (
    <table className="lot-tiers" data-testid={`lottery-sheet-${opened.issueNo}`}>
      <tbody>
        {opened.tiers.map((tier) => (
          <tr key={tier.tier}>
            <th scope="row">{t(`lottery.tiers.${tier.tier}`, { defaultValue: tier.tier })}</th>
            <td>
              {tier.numbers.map((number, index) => {
                const won = wins?.has(winKey(tier.tier, index)) ?? false;
                return (
                  <span key={index} className={won ? 'lot-sheet-number won' : 'lot-sheet-number'}
                    data-won={won ? 'true' : undefined}
                    title={won ? t('lottery.result.yourWin') : undefined}>
                    {number}
                    {won && <span className="visually-hidden"> ({t('lottery.result.yourWin')})</span>}
                  </span>
                );
              })}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
