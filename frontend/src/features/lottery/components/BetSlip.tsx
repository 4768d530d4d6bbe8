import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';

import { ApiError } from '../../../api/client';
import { useTranslation } from '../../../i18n/react';
import { alertAtom } from '../../../state/alert';
import { errorText } from '../../../components/errorText';
import { formatMoney, normaliseAmount } from '../../../lib/money';
import { accountModalAtom } from '../../../state/account';
import { brandAtom, tokenAtom } from '../../../state/atoms';
import { refreshBalance } from '../../../state/balance';
import { store } from '../../../state/store';
import { type Issue, type LotteryBet, lotteryApi, type PlayType } from '../api';
import { selectionValid } from '../pick';
import { withSession } from '../session';
import { stakeError, totalOf, winPerHit } from '../stake';
import { prizeModeLabel } from './PlayTypeTabs';

interface BetSlipProps {
  gameCode: string;
  prizeModes: string[];
  prizeMode: string;
  onPrizeMode: (mode: string) => void;
  play: PlayType;
  selection: string[];
  onRemove: (value: string) => void;
  issue: Issue | null;
  // Bets are taken only while the issue is open.
  open: boolean;
  onPlaced: (bet: LotteryBet) => void;
}

// The session time limit's dialog, its state fetched on this rare refusal only; the plain warning if that fails.
function showSessionLimit(error: ApiError, otherwise: () => void) {
  import('../../../state/sessionLimit').then(
    ({ sessionLimitAtom, sessionLimitOf }) => store.set(sessionLimitAtom, sessionLimitOf(error) ?? { endsAt: null }),
    otherwise,
  );
}

function askToLogIn(message: string) {
  store.set(alertAtom, { message, confirmKey: 'account.login', onConfirm: () => store.set(accountModalAtom, 'login') });
}

// Prize mode, the picked numbers, stake per number, total = stake x count, and the bet itself.
export function BetSlip(props: BetSlipProps) {
  const { gameCode, prizeModes, prizeMode, onPrizeMode, play, selection, onRemove, issue, open, onPlaced } = props;
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const symbol = useAtomValue(brandAtom)?.currencySymbol ?? 'P';
  const [stake, setStake] = useState(play.minStake);
  const [placing, setPlacing] = useState(false);
  const [placed, setPlaced] = useState<LotteryBet | null>(null);

  // A new play type starts from its minimum stake.
  useEffect(() => setStake(play.minStake), [play.code, play.minStake]);
  useEffect(() => setPlaced(null), [gameCode]);

  const count = selection.length;
  const total = totalOf(stake, count);
  const invalidStake = stakeError(stake, play);
  const picked = selectionValid(play.pick, selection);
  const odds = play.odds[prizeMode] ?? null;
  const option = play.pick.kind === 'option';
  const ready = open && picked && invalidStake === null && issue !== null && !placing;

  const place = async () => {
    if (!token) {
      askToLogIn(t('errors.UNAUTHORIZED'));
      return;
    }
    if (!ready || !issue) return;
    setPlacing(true);
    setPlaced(null);
    try {
      const body = {
        gameCode, issueNo: issue.issueNo, prizeMode, playType: play.code, numbers: selection, stake: normaliseAmount(stake),
      };
      const answer = await withSession({ gameCode, prizeMode }, (sessionId) => lotteryApi.placeBet(sessionId, body));
      setPlaced(answer.bet);
      onPlaced(answer.bet);
    } catch (error) {
      const alert = () => store.set(alertAtom, { message: errorText(t, error) });
      if (error instanceof ApiError && error.code === 'UNAUTHORIZED') askToLogIn(errorText(t, error));
      // The session time limit the member set (issue 34): the dialog that closes the games at the limit.
      else if (error instanceof ApiError && error.code === 'SESSION_LIMIT') showSessionLimit(error, alert);
      else alert();
    } finally {
      setPlacing(false);
      void refreshBalance();
    }
  };

  return (
    <section className="lot-slip" aria-label={t('lottery.slip.title')} data-testid="lottery-slip">
      <h3 className="lot-section-title">{t('lottery.slip.title')}</h3>
      {prizeModes.length > 1 && (
        <div className="lot-modes" role="radiogroup" aria-label={t('lottery.slip.prizeMode')}>
          <span className="muted">{t('lottery.slip.prizeMode')}</span>
          {prizeModes.map((mode) => (
            <button key={mode} type="button" role="radio" aria-checked={mode === prizeMode}
              className={mode === prizeMode ? 'lot-chip on' : 'lot-chip'} data-testid={`lottery-prizemode-${mode}`}
              onClick={() => onPrizeMode(mode)}>
              {prizeModeLabel(t, mode)}
            </button>
          ))}
        </div>
      )}
      <ul className="lot-picked" aria-label={t('lottery.slip.numbers')}>
        {selection.length === 0 && <li className="muted">{t(option ? 'lottery.slip.nothingChosen' : 'lottery.slip.nothingPicked')}</li>}
        {selection.map((value) => (
          <li key={value}>
            <button type="button" className="lot-picked-chip" data-testid={`lottery-picked-${value}`}
              aria-label={t('lottery.picker.remove', { number: value })} onClick={() => onRemove(value)}>
              {t(`lottery.options.${value}`, { defaultValue: value })} <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <label className="lot-field">
        <span>{t(option ? 'lottery.slip.stakeOption' : 'lottery.slip.stake')}</span>
        <input className="lot-input" data-testid="lottery-stake" inputMode="decimal" value={stake}
          aria-invalid={invalidStake !== null} onChange={(event) => setStake(event.target.value)}
          onBlur={() => setStake((s) => normaliseAmount(s))} />
      </label>
      {invalidStake && (
        <p className="form-error" role="alert">
          {invalidStake.key === 'stakeRange' ? t('lottery.slip.stakeRange', invalidStake.values) : t('lottery.slip.stakeInvalid')}
        </p>
      )}
      <dl className="lot-sums">
        <dt>{t('lottery.slip.total')}</dt>
        <dd data-testid="lottery-total" data-amount={total}>
          {formatMoney(total, symbol)}
          {count > 1 && <span className="muted"> ({t('lottery.slip.count', { count, stake: normaliseAmount(stake) })})</span>}
        </dd>
        {odds && (
          <>
            <dt>{t('lottery.slip.winPerHit')}</dt>
            <dd data-testid="lottery-win-per-hit">{formatMoney(winPerHit(stake, odds), symbol)}</dd>
          </>
        )}
      </dl>
      <button type="button" className="button lot-place" data-testid="lottery-place-bet"
        disabled={!open || (token !== null && !ready)} onClick={() => void place()}>
        {placing ? t('lottery.slip.placing') : open ? t('lottery.slip.place') : t('lottery.slip.closed')}
      </button>
      {placed && (
        <p className="lot-note" role="status" data-testid="lottery-placed" data-bet={placed.betId}>
          {t('lottery.slip.placed', { issueNo: placed.issueNo })}
        </p>
      )}
    </section>
  );
}
