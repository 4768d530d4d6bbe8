import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';

import { Section } from '../../../components/Section';
import { useTranslation } from '../../../i18n/react';
import { dateTime } from '../../../lib/dates';
import { formatMoney, toCents } from '../../../lib/money';
import { brandAtom } from '../../../state/atoms';
import { sumBalanceAtom } from '../../../state/balance';
import { type Wagering, type WageringLock, walletApi } from '../api';
import '../wagering.css';

// Wagered of required, in whole percent (0..100), counted in cents: no float ever holds money.
export function progressPercent(lock: Pick<WageringLock, 'wagered' | 'requirement'>): number {
  const required = toCents(lock.requirement);
  if (required <= 0n) return 100;
  const wagered = toCents(lock.wagered);
  const percent = (wagered * 100n) / required;
  return Number(percent > 100n ? 100n : percent < 0n ? 0n : percent);
}

const when = (ms: number) => dateTime(new Date(ms).toISOString());

function Lock({ lock, money }: { lock: WageringLock; money: (amount: string) => string }) {
  const { t } = useTranslation();
  const percent = lock.status === 'MET' ? 100 : progressPercent(lock);
  const promotion = /^promotion:\d+$/.test(lock.source);
  return (
    <li className={`wager-lock wager-${lock.status.toLowerCase()}`} data-testid="wager-lock" data-id={lock.id}>
      <div className="wager-head">
        <span className="wager-source">
          {promotion ? t('wallet.wagering.fromPromotion') : t('wallet.wagering.bonus')}
          <span className="muted"> · {money(lock.amount)}</span>
        </span>
        <span className={`status wager-status-${lock.status.toLowerCase()}`}>{t(`wallet.wagering.status.${lock.status}`)}</span>
      </div>
      <div className="wager-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}
        aria-label={t('wallet.wagering.progressOf', { amount: money(lock.amount) })}
        aria-valuetext={t('wallet.wagering.progress', { wagered: money(lock.wagered), requirement: money(lock.requirement) })}>
        <span style={{ width: `${percent}%` }} />
      </div>
      <p className="wager-figures">
        {t('wallet.wagering.progress', { wagered: money(lock.wagered), requirement: money(lock.requirement) })}
        <span className="wager-percent">{percent}%</span>
      </p>
      <dl className="wager-facts">
        {lock.status === 'OPEN' && (
          <div>
            <dt>{t('wallet.wagering.remaining')}</dt>
            <dd>{money(lock.remaining)}</dd>
          </div>
        )}
        {lock.maxStake && lock.status === 'OPEN' && (
          <div>
            <dt>{t('wallet.wagering.maxStake')}</dt>
            <dd>{money(lock.maxStake)}</dd>
          </div>
        )}
        <div>
          <dt>{t(lock.status === 'OPEN' ? 'wallet.wagering.expires' : 'wallet.wagering.expired')}</dt>
          <dd>{when(lock.expiresAt)}</dd>
        </div>
        {lock.status === 'FORFEITED' && toCents(lock.forfeited) > 0n && (
          <div>
            <dt>{t('wallet.wagering.forfeited')}</dt>
            <dd>{money(lock.forfeited)}</dd>
          </div>
        )}
      </dl>
    </li>
  );
}

// bonusDetails' wagering progress (issue 31): the turnover still owed before money can leave the wallet, and
// each bonus's lock with its progress, what is left, the largest stake allowed and its expiry. Read again
// when the balance moves (a bet counts towards it). Nothing is shown for a member who never had a bonus
// with a requirement, nor when the call fails: the bonus list below stays the page.
export function WageringProgress() {
  const { t } = useTranslation();
  const symbol = useAtomValue(brandAtom)?.currencySymbol ?? 'P';
  const balance = useAtomValue(sumBalanceAtom);
  const [wagering, setWagering] = useState<Wagering | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    walletApi.wagering(abort.signal).then(setWagering, () => undefined);
    return () => abort.abort();
  }, [balance]);
  if (!wagering || wagering.locks.length === 0) return null;
  const money = (amount: string) => formatMoney(amount, symbol);
  const owed = toCents(wagering.outstanding) > 0n;
  return (
    <Section title={t('wallet.wagering.title')}>
      <div className="wager" data-testid="wagering">
        <p className={owed ? 'notice wager-outstanding' : 'wager-outstanding wager-clear'} data-testid="wager-outstanding">
          {owed ? t('wallet.wagering.outstanding', { amount: money(wagering.outstanding) }) : t('wallet.wagering.clear')}
        </p>
        <ul className="wager-locks">
          {wagering.locks.map((lock) => (
            <Lock key={lock.id} lock={lock} money={money} />
          ))}
        </ul>
      </div>
    </Section>
  );
}
