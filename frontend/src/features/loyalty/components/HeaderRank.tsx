import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { memberAtom } from '../../../state/account';
import { languageAtom } from '../../../state/atoms';
import { memberCentreAtom } from '../../../state/memberCentre';
import { Emblem, levelOf, levelsIn, type VipLevel } from '../shared';

// The header's VIP rank (issue 32): the member's level (member info's clubLabel.rankLevel) by its emblem and
// name in the reader's language, from the brand's levels; a tap opens the member's progress (playerRank).
// Nothing shows for a visitor, a trial account or a brand without levels.
export function HeaderRank() {
  const { t } = useTranslation();
  const member = useAtomValue(memberAtom);
  const language = useAtomValue(languageAtom);
  const openPage = useSetAtom(memberCentreAtom);
  const [levels, setLevels] = useState<VipLevel[] | null>(null);
  const shown = member !== null && !member.isTrial;
  useEffect(() => {
    if (!shown) return;
    let live = true;
    levelsIn(language).then(
      (found) => live && setLevels(found.levels),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [shown, language]);
  const level = shown && levels ? levelOf(levels, member.clubLabel?.rankLevel) : null;
  if (!level) return null;
  return (
    <button type="button" className="header-rank" data-testid="header-rank" data-level={level.level}
      title={t('loyalty.rank.open')} onClick={() => openPage('playerRank')}>
      <Emblem emblem={level.emblem} size={22} />
      <span className="header-rank-name">{level.name}</span>
    </button>
  );
}
