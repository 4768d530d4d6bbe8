import { useAtom, useAtomValue } from 'jotai';
import { useEffect } from 'react';

import { useTranslation } from '../i18n/react';
import { formatMoney } from '../lib/money';
import { brandAtom } from '../state/atoms';
import { balanceHiddenAtom, refreshBalance, sumBalanceAtom } from '../state/balance';

// SPEC §2.2: a placeholder until the amount arrives; a click toggles amount and ***; a refresh link.
export function BalanceDisplay() {
  const { t } = useTranslation();
  const balance = useAtomValue(sumBalanceAtom);
  const [hidden, setHidden] = useAtom(balanceHiddenAtom);
  const symbol = useAtomValue(brandAtom)?.currencySymbol ?? 'P';
  useEffect(() => {
    void refreshBalance();
  }, []);
  return (
    <span className="balance">
      <button
        type="button"
        className="balance-amount"
        data-testid="header-balance"
        aria-label={t('wallet.balance')}
        onClick={() => setHidden((h) => !h)}
      >
        {balance === null ? t('wallet.updating') : hidden ? '***' : formatMoney(balance, symbol)}
      </button>
      <button type="button" className="link-button" onClick={() => void refreshBalance()}>
        {t('wallet.refresh')}
      </button>
    </span>
  );
}
