import { useAtom, useAtomValue } from 'jotai';
import { useEffect } from 'react';

import { useTranslation } from '../i18n/react';
import { formatMoney } from '../lib/money';
import { isTrialAtom } from '../state/account';
import { brandAtom } from '../state/atoms';
import { balanceHiddenAtom, refreshBalance, sumBalanceAtom } from '../state/balance';

// SPEC §2.2: a placeholder until the amount arrives; a click toggles amount and ***; a refresh link. A free-play
// (trial) account's balance is play money, and says so beside the amount.
export function BalanceDisplay() {
  const { t } = useTranslation();
  const balance = useAtomValue(sumBalanceAtom);
  const playMoney = useAtomValue(isTrialAtom);
  const [hidden, setHidden] = useAtom(balanceHiddenAtom);
  const symbol = useAtomValue(brandAtom)?.currencySymbol ?? 'P';
  useEffect(() => {
    void refreshBalance();
  }, []);
  // The accessible name contains what is shown, so that a voice command naming it finds it (WCAG 2.5.3).
  const shown = balance === null ? t('wallet.updating') : hidden ? '***' : formatMoney(balance, symbol);
  return (
    <span className={playMoney ? 'balance play-money' : 'balance'}>
      {playMoney && (
        <span className="play-money-badge" data-testid="play-money">
          {t('wallet.playMoney')}
        </span>
      )}
      <button
        type="button"
        className="balance-amount"
        data-testid="header-balance"
        aria-label={`${t('wallet.balance')} ${shown}`}
        onClick={() => setHidden((h) => !h)}
      >
        {shown}
      </button>
      <button type="button" className="link-button" onClick={() => void refreshBalance()}>
        {t('wallet.refresh')}
      </button>
    </span>
  );
}
