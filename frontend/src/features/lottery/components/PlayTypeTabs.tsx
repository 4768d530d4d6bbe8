import type { TFunction } from 'i18next';

import { useTranslation } from '../../../i18n/react';
import type { PlayType } from '../api';

interface PlayTypeTabsProps {
  playTypes: PlayType[];
  selected: string;
  prizeMode: string;
  onSelect: (code: string) => void;
}

export function playTypeLabel(t: TFunction, code: string): string {
  return t(`lottery.playTypes.${code}`, { defaultValue: code });
}

// A prize mode (SPEC §1: Lott, ZY, Elott, SEA) by what it means to the player: which odds it pays.
export function prizeModeLabel(t: TFunction, mode: string): string {
  return t(`lottery.prizeModes.${mode}`, { defaultValue: mode });
}

// One tab per play type of the game, each with its odds in the chosen prize mode.
export function PlayTypeTabs({ playTypes, selected, prizeMode, onSelect }: PlayTypeTabsProps) {
  const { t } = useTranslation();
  return (
    <div className="lot-tabs" role="tablist" aria-label={t('lottery.playType')}>
      {playTypes.map((play) => {
        const active = play.code === selected;
        const odds = play.odds[prizeMode];
        return (
          <button key={play.code} type="button" role="tab" aria-selected={active}
            className={active ? 'lot-tab active' : 'lot-tab'} data-testid={`lottery-playtype-${play.code}`}
            onClick={() => onSelect(play.code)}>
            <span>{playTypeLabel(t, play.code)}</span>
            {odds && <span className="lot-tab-odds">{t('lottery.odds', { odds })}</span>}
          </button>
        );
      })}
    </div>
  );
}
