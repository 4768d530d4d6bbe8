// How the merchant keeps players' money: one wallet for every game, or a wallet per game vendor. With a wallet
// per vendor, automatic transfer moves the main balance into a game's wallet at launch and back when the
// player leaves the game; switched off, the portal offers the transfer before each game. Without brand.write
// the same settings, read-only.
import { useId } from 'react';

import { useTranslation } from '../../../i18n/react';
import { type BrandWallet, setWalletSettings } from '../../brandApi';
import { Problem } from '../Problem';
import { type PanelProps, useChange } from './common';

const OWN = { AUTO_TRANSFER_SINGLE_WALLET: 'brand.wallet.singleOnly' } as const;

export function WalletPanel({ wallet, write, onChanged }: PanelProps & { wallet: BrandWallet }) {
  const { t } = useTranslation();
  const describedBy = useId();
  const { busy, problem, run } = useChange(onChanged, OWN);
  const toggle = () => void run(() => setWalletSettings({ autoTransfer: !wallet.autoTransfer }));
  const state = wallet.autoTransfer ? 'on' : 'off';
  return (
    <section className="cs-panel" aria-labelledby="cs-brand-wallet">
      <h2 id="cs-brand-wallet">{t('brand.wallet.title')}</h2>
      <p className="cs-lead" data-testid="wallet-mode">
        {wallet.singleWallet
          ? t('brand.wallet.single')
          : t('brand.wallet.perVendor', { vendors: wallet.vendors.join(', ') })}
      </p>
      <Problem>{problem}</Problem>
      {!wallet.singleWallet && (
        <div className="cs-switch-row">
          {write ? (
            <label className="cs-switch">
              <input
                type="checkbox"
                role="switch"
                aria-label={t('brand.wallet.autoTransfer')}
                aria-describedby={describedBy}
                checked={wallet.autoTransfer}
                disabled={busy}
                onChange={toggle}
              />
              <span className="cs-mod">
                <span className="cs-mod-name">{t('brand.wallet.autoTransfer')}</span>
                <span id={describedBy} className="cs-mod-about">
                  {t('brand.wallet.autoTransferAbout')}
                </span>
              </span>
            </label>
          ) : (
            <span className="cs-mod">
              <span className="cs-mod-name">{t('brand.wallet.autoTransfer')}</span>
              <span className="cs-mod-about">{t('brand.wallet.autoTransferAbout')}</span>
            </span>
          )}
          <span className={`cs-badge ${state}`}>{t(`brand.switches.${state}`)}</span>
        </div>
      )}
    </section>
  );
}
