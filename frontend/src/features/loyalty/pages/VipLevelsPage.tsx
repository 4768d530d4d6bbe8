import { useAtomValue, useSetAtom } from 'jotai';
import { type ReactNode, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { accountModalAtom, memberAtom } from '../../../state/account';
import { languageAtom, tokenAtom } from '../../../state/atoms';
import { memberCentreAtom } from '../../../state/memberCentre';
import { Emblem, Failed, levelsIn, Loading, rateText, useLoad, useMoney, type VipLevel } from '../shared';

function Perk({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function LevelCard({ level, windowDays, mine }: { level: VipLevel; windowDays: number; mine: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const openPage = useSetAtom(memberCentreAtom);
  const perks = level.perks;
  const rates = Object.entries(perks.cashbackRates);
  const bonus = (amount: string) => (/^0+(\.0+)?$/.test(amount) ? t('loyalty.vip.none') : money(amount));
  return (
    <li className={mine ? 'vip-level mine' : 'vip-level'} data-testid="vip-level" data-level={level.level} aria-current={mine ? 'true' : undefined}>
      <header className="vip-level-head">
        <Emblem emblem={level.emblem} size={44} />
        <div>
          <h2 className="vip-level-name">{level.name}</h2>
          <span className="muted">{t('loyalty.vip.levelNumber', { level: level.level })}</span>
        </div>
        {mine && <span className="loyalty-chip">{t('loyalty.vip.yours')}</span>}
      </header>
      <p className="vip-threshold">
        {level.level === 0
          ? t('loyalty.vip.starting')
          : t('loyalty.vip.threshold', { deposit: money(level.depositRequired), turnover: money(level.turnoverRequired), days: windowDays })}
      </p>
      <dl className="vip-perks">
        <Perk label={t('loyalty.vip.upgradeBonus')}>{bonus(perks.upgradeBonus)}</Perk>
        <Perk label={t('loyalty.vip.monthlyBonus')}>{bonus(perks.monthlyBonus)}</Perk>
        <Perk label={t('loyalty.vip.birthdayBonus')}>{bonus(perks.birthdayBonus)}</Perk>
        {perks.wagerMultiple > 0 && <Perk label={t('loyalty.vip.wagering')}>{t('loyalty.vip.wagerTimes', { times: perks.wagerMultiple })}</Perk>}
        <Perk label={t('loyalty.vip.withdrawalCount')}>
          {perks.dailyWithdrawalCount === null ? t('loyalty.vip.noLimit') : perks.dailyWithdrawalCount}
        </Perk>
        <Perk label={t('loyalty.vip.withdrawalAmount')}>
          {perks.dailyWithdrawalAmount === null ? t('loyalty.vip.noLimit') : money(perks.dailyWithdrawalAmount)}
        </Perk>
        <Perk label={t('loyalty.vip.vipChat')}>{perks.vipChat ? t('loyalty.vip.yes') : t('loyalty.vip.no')}</Perk>
      </dl>
      {rates.length > 0 && (
        <div className="vip-rates">
          <h3>{t('loyalty.vip.cashbackRates')}</h3>
          <ul>
            {rates.map(([category, rate]) => (
              <li key={category}>
                <span>{t(`categories.${category}`, { defaultValue: category })}</span>
                <strong>{rateText(rate)}</strong>
              </li>
            ))}
          </ul>
        </div>
      )}
      {mine && (
        <button type="button" className="button button-small" data-testid="vip-progress-link" onClick={() => openPage('playerRank')}>
          {t('loyalty.vip.myProgress')}
        </button>
      )}
    </li>
  );
}

// /vip (SPEC §2.1): every level of the brand with its emblem, name, thresholds and perks, for visitors too;
// a member's own level stands out, with the way to their progress (playerRank).
export function VipLevelsPage() {
  const { t } = useTranslation();
  const language = useAtomValue(languageAtom);
  const token = useAtomValue(tokenAtom);
  const member = useAtomValue(memberAtom);
  const openModal = useSetAtom(accountModalAtom);
  const [reloads, setReloads] = useState(0);
  const state = useLoad(() => levelsIn(language), [language, reloads]);
  if (state.phase === 'loading') return <Loading />;
  if (state.phase === 'failed') return <Failed error={state.error} onRetry={() => setReloads((n) => n + 1)} />;
  const { levels, windowDays } = state.value;
  if (levels.length === 0) return <p className="empty-state">{t('loyalty.vip.empty')}</p>;
  const rank = member && !member.isTrial ? (member.clubLabel?.rankLevel ?? 0) : null;
  return (
    <div className="vip-page">
      {!token && (
        <p className="notice vip-visitor">
          {t('loyalty.vip.visitor')}{' '}
          <button type="button" className="link-button" onClick={() => openModal('login')}>{t('account.login')}</button>
        </p>
      )}
      <ol className="vip-levels" data-testid="vip-levels">
        {levels.map((level) => (
          <LevelCard key={level.level} level={level} windowDays={windowDays} mine={rank === level.level} />
        ))}
      </ol>
    </div>
  );
}
