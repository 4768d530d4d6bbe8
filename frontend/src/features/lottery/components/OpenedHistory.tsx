import { useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { dateTime } from '../../../lib/dates';
import type { Opened } from '../api';
import { headlineOf } from '../headline';
import { ResultSheet } from './ResultSheet';

const PAGE = 10;

interface OpenedHistoryProps {
  list: Opened[] | null;
}

function Row({ opened, first }: { opened: Opened; first: boolean }) {
  const { t } = useTranslation();
  const head = headlineOf(opened);
  return (
    <li className="lot-history-row" data-testid={`lottery-history-${opened.issueNo}`}>
      <details open={first}>
        <summary>
          <span className="lot-history-issue">{opened.issueNo}</span>
          <span className="lot-history-time muted">{opened.drawnAt && dateTime(opened.drawnAt)}</span>
          <span className="lot-history-main">
            {head?.numbers.map((n, i) => (
              <span key={i} className="lot-mini-ball">{n}</span>
            ))}
          </span>
        </summary>
        <ResultSheet opened={opened} />
        <p className="lot-seed muted">
          {t('lottery.seed')}: <code>{opened.serverSeed}</code>
        </p>
      </details>
    </li>
  );
}

// The latest opened issues of the game with all their tiers (SPEC §7 opened numbers).
export function OpenedHistory({ list }: OpenedHistoryProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(PAGE);
  return (
    <section className="lot-panel lot-history" data-testid="lottery-history" aria-label={t('lottery.history.title')}>
      <h3 className="lot-section-title">{t('lottery.history.title')}</h3>
      {list === null && <p className="muted">{t('lottery.loading')}</p>}
      {list !== null && list.length === 0 && <p className="muted">{t('lottery.history.empty')}</p>}
      {list !== null && list.length > 0 && (
        <ol className="lot-history-list">
          {list.slice(0, shown).map((opened, index) => (
            <Row key={opened.issueNo} opened={opened} first={index === 0} />
          ))}
        </ol>
      )}
      {list !== null && list.length > shown && (
        <button type="button" className="link-button" onClick={() => setShown((n) => n + PAGE)}>
          {t('lottery.history.more')}
        </button>
      )}
    </section>
  );
}
