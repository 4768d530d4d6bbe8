import { useTranslation } from '../../i18n/react';
import { SymbolArt } from '../components/SymbolTile';
import type { SlotConfig } from '../types';

function byCount(pays: Record<string, number>): [string, number][] {
  return Object.entries(pays).sort(([a], [b]) => Number(a) - Number(b));
}

// The game's rules as the machine the server plays them with: volatility and return, the wild, the
// scatter and its pays, the free spins, then every symbol's line pays.
export function SlotInfo({ config }: { config: SlotConfig }) {
  const { t } = useTranslation();
  const name = (symbol: string) => t(`slot.sym.${symbol}`, { defaultValue: symbol });
  const art = (symbol: string) => (
    <span className="hs-slot__linesym">
      <SymbolArt symbol={symbol} index={config.symbols.indexOf(symbol)} />
    </span>
  );
  const free = config.freeSpins;
  const scatter = name(config.scatter);
  return (
    <details className="hs-paytable hs-slot__info" data-testid="slot-info">
      <summary>{t('slot.info')}</summary>
      <p className="hs-slot__facts">
        <span data-testid="slot-volatility" data-volatility={config.volatility}>
          {t('slot.volatility')}: {t(`slot.vol.${config.volatility}`)}
        </span>
        <span data-testid="slot-rtp">{t('slot.rtp', { rtp: config.rtp })}</span>
      </p>
      <ul className="hs-slot__rules">
        <li>
          {art(config.wild)}
          <span>
            {t('slot.wildRule', { symbol: name(config.wild), scatter })}
            {config.wildMultiplier > 1 ? ` ${t('slot.wildMultiplier', { multiplier: config.wildMultiplier })}` : ''}
          </span>
        </li>
        <li>
          {art(config.scatter)}
          <span>
            {t('slot.scatterRule', { symbol: scatter })}{' '}
            {byCount(config.scatterPays)
              .map(([count, pay]) => t('slot.scatterPays', { count, pay }))
              .join(' · ')}
          </span>
        </li>
        <li data-testid="slot-free-spins-rule">
          {art(config.scatter)}
          <span>
            {free
              ? `${t('slot.freeSpinsRule', { count: free.trigger, symbol: scatter, spins: free.spins, multiplier: free.multiplier })} ${
                  free.retrigger ? t('slot.retrigger', { symbol: scatter, spins: free.spins }) : t('slot.noRetrigger')
                }`
              : t('slot.noFreeSpins')}
          </span>
        </li>
      </ul>
      <p className="hs-muted hs-small">{t('slot.paytableHint', { lines: config.lines })}</p>
      <ul>
        {Object.entries(config.paytable).map(([symbol, pays]) => (
          <li key={symbol} data-testid="slot-paytable-row" data-symbol={symbol}>
            {art(symbol)}
            {byCount(pays).map(([count, pay]) => (
              <span key={count} className="hs-paytable__pay">
                {t('slot.pays', { count, pay })}
              </span>
            ))}
          </li>
        ))}
      </ul>
    </details>
  );
}
