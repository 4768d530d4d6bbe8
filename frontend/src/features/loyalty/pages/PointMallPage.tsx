import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { useTranslation } from '../../../i18n/react';
import { accountModalAtom, isTrialAtom, memberActionAllowed } from '../../../state/account';
import { languageAtom, tokenAtom } from '../../../state/atoms';
import { refreshBalance } from '../../../state/balance';
import { memberCentreAtom } from '../../../state/memberCentre';
import { ConvertDialog, RedeemDialog } from '../components/MallDialogs';
import {
  Failed,
  ITEM_CATEGORIES,
  type ItemCategory,
  Loading,
  loyaltyApi,
  type MallItem,
  points,
  type PointsBalance,
  PointsSummary,
  type Redeem,
  useLoad,
  useMoney,
} from '../shared';
import '../mall.css';

function ItemCard({ item, member, onRedeem }: { item: MallItem; member: boolean; onRedeem: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const value =
    item.value === null ? null : item.category === 'BONUS' ? money(item.value) : t(`loyalty.mall.valueOf.${item.category}`, { n: item.value });
  const needsDeposit = !/^0+(\.0+)?$/.test(item.amountRequired);
  return (
    <li className="mall-item" data-testid="mall-item" data-id={item.id} data-status={item.status}>
      {item.imageUrl ? (
        <img className="mall-art" src={item.imageUrl} alt="" loading="lazy" />
      ) : (
        <div className={`mall-art mall-placeholder mall-cat-${item.category.toLowerCase()}`} aria-hidden="true">
          {t(`loyalty.mall.categories.${item.category}`)}
        </div>
      )}
      <div className="mall-item-body">
        <span className="loyalty-chip">{t(`loyalty.mall.categories.${item.category}`)}</span>
        <h3 className="mall-item-name">{item.name}</h3>
        {item.description && <p className="muted mall-item-text">{item.description}</p>}
        {value && <p className="mall-item-value">{value}</p>}
        <p className="mall-item-points" data-testid="mall-item-points">{t('loyalty.mall.points', { points: points(item.points) })}</p>
        <ul className="mall-item-facts">
          <li>{item.stock === null ? t('loyalty.mall.unlimited') : t('loyalty.mall.stock', { n: item.stock })}</li>
          {item.perMember !== null && <li>{t('loyalty.mall.perMember', { limit: item.perMember, redeemed: item.redeemed })}</li>}
          {needsDeposit && <li>{t('loyalty.mall.deposits', { amount: money(item.amountRequired) })}</li>}
        </ul>
        {member ? (
          item.status === 'AVAILABLE' ? (
            <button type="button" className="button" onClick={onRedeem}>{t('loyalty.mall.redeem')}</button>
          ) : (
            <p className={`loyalty-status mall-${item.status.toLowerCase()}`}>{t(`loyalty.mall.status.${item.status}`)}</p>
          )
        ) : item.status === 'SOLD_OUT' ? (
          <p className="loyalty-status mall-sold_out">{t('loyalty.mall.status.SOLD_OUT')}</p>
        ) : (
          <button type="button" className="button button-ghost" onClick={() => memberActionAllowed()}>{t('loyalty.mall.loginToRedeem')}</button>
        )}
      </div>
    </li>
  );
}

// The member's points with Convert and the ways to their points details and redeem history.
function MemberPoints({ balance, onConvert }: { balance: PointsBalance; onConvert: () => void }) {
  const { t } = useTranslation();
  const openPage = useSetAtom(memberCentreAtom);
  return (
    <section className="mall-points card">
      <PointsSummary balance={balance} />
      <div className="mall-points-actions">
        <button type="button" className="button" data-testid="convert-open" disabled={balance.current <= 0} onClick={onConvert}>
          {t('loyalty.mall.convert')}
        </button>
        <button type="button" className="button button-ghost" onClick={() => memberActionAllowed() && openPage('pointsDetails')}>
          {t('memberCentre.pages.pointsDetails')}
        </button>
        <button type="button" className="button button-ghost" onClick={() => memberActionAllowed() && openPage('redeemHistory')}>
          {t('memberCentre.pages.redeemHistory')}
        </button>
      </div>
    </section>
  );
}

// /pointMall (SPEC §2.1): the member's points (current, changed today, their money value, the ratio) with
// Convert; the mall's rewards under category tabs (?category= keeps the tab), each with its points, stock,
// per-member limit and the member's status; Redeem asks the quantity, the withdrawal password and, for goods,
// the delivery address. A visitor sees the rewards and is asked to log in.
export function PointMall() {
  const { t } = useTranslation();
  const language = useAtomValue(languageAtom);
  const token = useAtomValue(tokenAtom);
  const trial = useAtomValue(isTrialAtom);
  const openModal = useSetAtom(accountModalAtom);
  const member = Boolean(token) && !trial;
  const [params, setParams] = useSearchParams();
  const [reloads, setReloads] = useState(0);
  const [redeeming, setRedeeming] = useState<MallItem | null>(null);
  const [converting, setConverting] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const items = useLoad((signal) => loyaltyApi.rewards(undefined, signal), [language, token, reloads]);
  const balance = useLoad((signal) => (member ? loyaltyApi.points(signal) : Promise.resolve(null)), [member, reloads]);
  const config = useLoad((signal) => (member ? loyaltyApi.pointsConfig(signal) : Promise.resolve(null)), [member]);
  const mine = balance.phase === 'ready' ? balance.value : null;

  const redeemed = (redeem: Redeem) => {
    setRedeeming(null);
    setMessage(t(`loyalty.mall.done.${redeem.status}`, { name: redeem.itemName, quantity: redeem.quantity }));
    if (redeem.status === 'APPROVED' && redeem.category === 'BONUS') void refreshBalance();
    setReloads((n) => n + 1);
  };
  const converted = (text: string) => {
    setConverting(false);
    setMessage(text);
    void refreshBalance();
    setReloads((n) => n + 1);
  };

  const asked = params.get('category') as ItemCategory | null;
  const list = items.phase === 'ready' ? items.value.list : [];
  const categories = ITEM_CATEGORIES.filter((category) => list.some((item) => item.category === category));
  const current = asked && categories.includes(asked) ? asked : null;
  const shown = current ? list.filter((item) => item.category === current) : list;
  const choose = (category: ItemCategory | null) => {
    const next = new URLSearchParams(params);
    if (category) next.set('category', category);
    else next.delete('category');
    setParams(next, { replace: true });
  };

  return (
    <div className="point-mall" data-testid="point-mall">
      {member && mine && <MemberPoints balance={mine} onConvert={() => setConverting(true)} />}
      {!token && (
        <p className="notice" data-testid="mall-visitor">
          {t('loyalty.mall.visitor')}{' '}
          <button type="button" className="link-button" onClick={() => openModal('login')}>{t('account.login')}</button>
        </p>
      )}
      {message && <p className="notice" role="status" data-testid="mall-message">{message}</p>}
      {items.phase === 'loading' && <Loading />}
      {items.phase === 'failed' && (token ? <Failed error={items.error} onRetry={() => setReloads((n) => n + 1)} /> : null)}
      {items.phase === 'ready' && list.length === 0 && <p className="empty-state">{t('loyalty.mall.empty')}</p>}
      {list.length > 0 && (
        <>
          <div className="tabs mall-tabs" role="tablist" aria-label={t('loyalty.mall.tabsLabel')}>
            {[null, ...categories].map((category) => {
              const selected = category === current;
              return (
                <button key={category ?? 'ALL'} id={`mall-tab-${category ?? 'ALL'}`} type="button" role="tab" aria-selected={selected}
                  aria-controls="mall-grid" className={selected ? 'tab active' : 'tab'} onClick={() => choose(category)}>
                  {category ? t(`loyalty.mall.categories.${category}`) : t('loyalty.mall.all')}
                </button>
              );
            })}
          </div>
          <ul id="mall-grid" className="mall-grid" role="tabpanel" aria-labelledby={`mall-tab-${current ?? 'ALL'}`}>
            {shown.map((item) => (
              <ItemCard key={item.id} item={item} member={member} onRedeem={() => setRedeeming(item)} />
            ))}
          </ul>
        </>
      )}
      {redeeming && mine && <RedeemDialog item={redeeming} balance={mine} onClose={() => setRedeeming(null)} onDone={redeemed} />}
      {converting && mine && (
        <ConvertDialog balance={mine} minConvert={config.phase === 'ready' ? (config.value?.minConvert ?? 1) : 1}
          onClose={() => setConverting(false)} onDone={converted} />
      )}
    </div>
  );
}
