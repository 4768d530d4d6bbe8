// The points mall's items (Loyalty, tab "mall"): each one's category, name, price in points, what it gives,
// the deposits it asks for, its stock and per-member limit, and whether members see it. loyalty.write adds
// and changes items; a reader sees the same, read-only. After a change the list is read again.
import type { TFunction } from 'i18next';
import { useState } from 'react';

import { useTranslation } from '../../i18n/react';
import { formatMoney } from '../../lib/money';
import { Loading, ReadFailed } from '../components/Problem';
import { useLatestRead } from '../components/useLatestRead';
import { listMallItems, type MallItem } from '../loyaltyApi';
import { textIn, valueKind } from '../loyaltyRules';
import { limitText, loyaltyProblem } from './LoyaltyCommon';
import { ItemEditor } from './LoyaltyMallItem';

type Editing = { item?: MallItem } | null;

// What an item gives: "50.00", "10 free spins", "3 raffle tickets", "Goods".
function valueText(t: TFunction, item: MallItem): string {
  const kind = valueKind(item.category);
  if (kind === 'money') return formatMoney(String(item.value ?? ''));
  if (kind === 'count') return t(`loyalty.mall.values.${item.category}`, { n: String(item.value ?? '') });
  return t('loyalty.mall.values.GOODS');
}

export function MallTab({ write }: { write: boolean }) {
  const { t, i18n } = useTranslation();
  const { value: read, readProblem, load } = useLatestRead(listMallItems);
  const items = read?.list ?? null;
  const [editing, setEditing] = useState<Editing>(null);
  const [said, setSaid] = useState<string | null>(null);

  const nameOf = (item: MallItem) => textIn(item.names, i18n.language) || `#${item.id}`;
  const start = (next: Editing) => {
    setSaid(null);
    setEditing(next);
  };

  return (
    <section className="cs-panel cs-content-stack" aria-labelledby="cs-loyalty-mall" data-testid="loyalty-mall">
      <h2 id="cs-loyalty-mall">{t('loyalty.mall.title')}</h2>
      <p className="cs-muted">{t('loyalty.mall.intro')}</p>
      {said && (
        <p className="cs-success" role="status">
          {said}
        </p>
      )}
      {write && editing === null && (
        <div className="cs-actions">
          <button type="button" className="cs-button primary" onClick={() => start({})}>
            {t('loyalty.mall.add')}
          </button>
        </div>
      )}
      {write && editing !== null && (
        <ItemEditor
          key={editing.item?.id ?? 'new'}
          item={editing.item}
          title={editing.item ? t('loyalty.mall.editTitle', { name: nameOf(editing.item) }) : t('loyalty.mall.add')}
          reload={load}
          onSaved={() => {
            setSaid(t(editing.item ? 'loyalty.mall.changed' : 'loyalty.mall.added'));
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {readProblem !== null && <ReadFailed text={loyaltyProblem(t, readProblem)} retry={() => void load()} />}
      {items === null ? (
        readProblem === null && <Loading />
      ) : items.length === 0 ? (
        <p className="cs-muted">{t('loyalty.mall.empty')}</p>
      ) : (
        <div className="cs-table-wrap">
          <table className="cs-table cs-content-table">
            <caption className="visually-hidden">{t('loyalty.mall.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('loyalty.mall.columns.name')}</th>
                <th scope="col">{t('loyalty.mall.columns.category')}</th>
                <th scope="col">{t('loyalty.mall.columns.points')}</th>
                <th scope="col">{t('loyalty.mall.columns.value')}</th>
                <th scope="col">{t('loyalty.mall.columns.amountRequired')}</th>
                <th scope="col">{t('loyalty.mall.columns.stock')}</th>
                <th scope="col">{t('loyalty.mall.columns.perMember')}</th>
                <th scope="col">{t('loyalty.mall.columns.redeemed')}</th>
                <th scope="col">{t('loyalty.mall.columns.active')}</th>
                {write && <th scope="col">{t('loyalty.columns.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {items.map((item) => {
                const name = nameOf(item);
                return (
                  <tr key={item.id} data-item={item.id}>
                    <td data-label={t('loyalty.mall.columns.name')}>
                      <span className="cs-content-title">{name}</span>
                      {item.category === 'RAFFLE_TICKETS' && item.raffleId !== null && (
                        <span className="cs-muted cs-promo-line">{t('loyalty.mall.raffle', { id: String(item.raffleId) })}</span>
                      )}
                    </td>
                    <td data-label={t('loyalty.mall.columns.category')}>
                      {t(`loyalty.mall.categories.${item.category}`, { defaultValue: item.category })}
                    </td>
                    <td data-label={t('loyalty.mall.columns.points')} className="cs-amount">
                      {item.points}
                    </td>
                    <td data-label={t('loyalty.mall.columns.value')}>{valueText(t, item)}</td>
                    <td data-label={t('loyalty.mall.columns.amountRequired')} className="cs-amount">
                      {formatMoney(item.amountRequired)}
                    </td>
                    <td data-label={t('loyalty.mall.columns.stock')} data-stock={item.stock ?? 'unlimited'}>
                      {item.stock === 0 ? t('loyalty.mall.soldOut') : limitText(t, item.stock, (n) => n)}
                    </td>
                    <td data-label={t('loyalty.mall.columns.perMember')}>{limitText(t, item.perMember, (n) => n)}</td>
                    <td data-label={t('loyalty.mall.columns.redeemed')} className="cs-amount" data-redeemed={item.redeemed ?? ''}>
                      {item.redeemed ?? '—'}
                    </td>
                    <td data-label={t('loyalty.mall.columns.active')}>
                      <span className={`cs-badge cs-promo-state is-${item.active ? 'running' : 'ended'}`}>
                        {t(item.active ? 'loyalty.mall.shown' : 'loyalty.mall.hidden')}
                      </span>
                    </td>
                    {write && (
                      <td data-label={t('loyalty.columns.actions')} className="cs-row-actions">
                        <button
                          type="button"
                          className="cs-button secondary small"
                          aria-label={t('loyalty.mall.editLabel', { name })}
                          onClick={() => start({ item })}
                        >
                          {t('loyalty.edit')}
                        </button>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
