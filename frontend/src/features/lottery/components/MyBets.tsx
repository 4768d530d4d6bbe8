import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';

import { errorText } from '../../../components/errorText';
import { useTranslation } from '../../../i18n/react';
import { dateTime } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { brandAtom, tokenAtom } from '../../../state/atoms';
import { type BetFilter, type LotteryBet, lotteryApi } from '../api';
import { betsVersionAtom, myWinsAtom, winsByIssue } from '../atoms';
import { type SessionGame, withSession } from '../session';
import { playTypeLabel, prizeModeLabel } from './PlayTypeTabs';

const FILTERS: readonly BetFilter[] = ['ALL', 'OPEN', 'SETTLED'];

interface Listing {
  list: LotteryBet[];
  pageNum: number;
  totalPages: number;
}

function BetRow({ bet }: { bet: LotteryBet }) {
  const { t } = useTranslation();
  const symbol = useAtomValue(brandAtom)?.currencySymbol ?? 'P';
  return (
    <li className={`lot-bet status-${bet.status.toLowerCase()}`} data-testid={`lottery-bet-${bet.betId}`}
      data-status={bet.status} data-issue={bet.issueNo} data-win={bet.win} data-total={bet.total}>
      <div className="lot-bet-main">
        <span className="lot-bet-game">{bet.gameName}</span>
        <span className="muted">{t('lottery.issue', { issueNo: bet.issueNo })}</span>
        <span className="muted">{bet.placedAt && dateTime(bet.placedAt)}</span>
      </div>
      <div className="lot-bet-pick">
        <span>{playTypeLabel(t, bet.playType)} · {prizeModeLabel(t, bet.prizeMode)}</span>
        <span className="lot-bet-numbers">
          {bet.numbers.map((n) => (
            <span key={n} className={bet.hits[n] ? 'lot-mini-ball hit' : 'lot-mini-ball'}>
              {t(`lottery.options.${n}`, { defaultValue: n })}
              {(bet.hits[n] ?? 0) > 1 && <sup>×{bet.hits[n]}</sup>}
            </span>
          ))}
        </span>
      </div>
      <div className="lot-bet-money">
        <span>{t('lottery.bets.total')}: {formatMoney(bet.total, symbol)}</span>
        <span className="lot-bet-status">{t(`lottery.bets.status.${bet.status}`)}</span>
        {bet.status !== 'OPEN' && (
          <span className="lot-bet-win">{t('lottery.bets.win')}: {formatMoney(bet.win, symbol)}</span>
        )}
      </div>
    </li>
  );
}

// The member's lottery bets with their status and win; fetched again whenever betsVersionAtom moves.
export function MyBets({ game }: { game: SessionGame | null }) {
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const version = useAtomValue(betsVersionAtom);
  const [filter, setFilter] = useState<BetFilter>('ALL');
  const [listing, setListing] = useState<Listing | null>(null);
  const setWins = useSetAtom(myWinsAtom);
  useEffect(() => setWins(winsByIssue(listing?.list ?? [])), [listing, setWins]);
  const [error, setError] = useState<unknown>(null);
  // The session is opened for whichever game is shown; a game change alone does not fetch again.
  const gameRef = useRef(game);
  gameRef.current = game;
  const ready = game !== null;

  const load = async (page: number, keep: LotteryBet[]) => {
    const current = gameRef.current;
    if (!current) return null;
    const out = await withSession(current, (sessionId) => lotteryApi.myBets(sessionId, filter, page));
    return { ...out, list: [...keep, ...out.list] };
  };

  useEffect(() => {
    setError(null);
    if (!token || !ready) {
      setListing(null);
      return;
    }
    let live = true;
    load(1, []).then(
      (next) => live && next && setListing(next),
      (failure: unknown) => live && setError(failure ?? new Error('failed')),
    );
    return () => {
      live = false;
    };
    // load reads the game through its ref; filter, version, token decide when to fetch.
  }, [token, ready, filter, version]);

  const more = () => {
    if (!listing) return;
    load(listing.pageNum + 1, listing.list).then(
      (next) => next && setListing(next),
      (failure: unknown) => setError(failure ?? new Error('failed')),
    );
  };

  return (
    <section className="lot-panel lot-bets" data-testid="lottery-mybets" aria-label={t('lottery.bets.title')}>
      <div className="lot-bets-head">
        <h3 className="lot-section-title">{t('lottery.bets.title')}</h3>
        {token && (
          <div className="lot-filters" role="tablist">
            {FILTERS.map((f) => (
              <button key={f} type="button" role="tab" aria-selected={f === filter} className={f === filter ? 'lot-chip on' : 'lot-chip'}
                data-testid={`lottery-bets-${f}`} onClick={() => setFilter(f)}>
                {t(`lottery.bets.filter.${f}`)}
              </button>
            ))}
          </div>
        )}
      </div>
      {!token && <p className="muted">{t('lottery.bets.loginFirst')}</p>}
      {token && error !== null && <p className="form-error" role="alert">{errorText(t, error)}</p>}
      {token && error === null && listing === null && <p className="muted">{t('lottery.loading')}</p>}
      {token && listing && listing.list.length === 0 && <p className="muted">{t('lottery.bets.empty')}</p>}
      {token && listing && listing.list.length > 0 && (
        <ul className="lot-bet-list">
          {listing.list.map((bet) => (
            <BetRow key={bet.betId} bet={bet} />
          ))}
        </ul>
      )}
      {token && listing && listing.pageNum < listing.totalPages && (
        <button type="button" className="link-button" onClick={more}>
          {t('lottery.bets.more')}
        </button>
      )}
    </section>
  );
}
