import { useEffect, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import type { Issue } from '../api';
import { formatSeconds, phaseOf, wholeSeconds } from '../clock';

const TICK_MS = 250;

interface CountdownProps {
  issue: Issue | null;
  offsetMs: number;
}

// The issue taking bets and the time left to bet on it (server time), then "drawing…" until its draw.
export function Countdown({ issue, offsetMs }: CountdownProps) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  if (!issue) {
    return (
      <div className="lot-countdown" data-testid="lottery-countdown" data-phase="loading">
        <span className="muted">{t('lottery.loading')}</span>
      </div>
    );
  }
  const phase = phaseOf(issue, offsetMs, now);
  const seconds = wholeSeconds(phase.msLeft);
  const window_ = Date.parse(issue.closesAt) - Date.parse(issue.opensAt);
  const share = phase.kind === 'open' && window_ > 0 ? Math.min(1, phase.msLeft / window_) : 0;
  return (
    <div className={`lot-countdown phase-${phase.kind}`} data-testid="lottery-countdown" data-phase={phase.kind}
      data-seconds={seconds}>
      <div className="lot-issue" data-testid="lottery-issue" data-issue={issue.issueNo}>
        {t('lottery.issue', { issueNo: issue.issueNo })}
      </div>
      <div className="lot-clock" role="timer" aria-live="off">
        <span className="lot-clock-label">
          {phase.kind === 'open' ? t('lottery.countdown.closesIn') : t(`lottery.countdown.${phase.kind}`)}
        </span>
        {phase.kind !== 'waiting' && <span className="lot-clock-time">{formatSeconds(seconds)}</span>}
      </div>
      <div className="lot-bar" aria-hidden="true">
        <span style={{ transform: `scaleX(${share})` }} />
      </div>
      <div className="lot-commitment" title={issue.commitment}>
        {t('lottery.commitment')}: <code>{issue.commitment.slice(0, 12)}…</code>
      </div>
    </div>
  );
}
