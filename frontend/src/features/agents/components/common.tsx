import { useAtomValue } from 'jotai';

import { useTranslation } from '../../../i18n/react';
import { formatMoney, parseCents } from '../../../lib/money';
import { brandAtom } from '../../../state/atoms';
import { PLAYER_TYPE } from '../api';
import '../agents.css';

// An amount as the server sent it, grouped and with the brand's symbol; a loss is marked, never recomputed.
export function Money({ amount, signed = false }: { amount: string; signed?: boolean }) {
  const symbol = useAtomValue(brandAtom)?.currencySymbol ?? 'P';
  const cents = signed ? parseCents(amount) : null;
  const tone = cents === null || cents === 0n ? '' : cents < 0n ? ' negative' : ' positive';
  return <span className={`money${tone}`}>{formatMoney(amount, symbol)}</span>;
}

export function MemberType({ type }: { type: number }) {
  const { t } = useTranslation();
  return <>{t(type === PLAYER_TYPE ? 'agentCentre.types.player' : 'agentCentre.types.subAgent')}</>;
}

export function Loading() {
  const { t } = useTranslation();
  return <p className="muted" aria-busy="true">{t('agentCentre.loading')}</p>;
}
