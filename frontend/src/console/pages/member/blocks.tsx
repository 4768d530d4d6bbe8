// What every block of the member page shares: its frame, "loading", a failure with "Try again", and a list
// read once (and again on "Try again" or when the member's money moves).
import { type ReactNode, useCallback, useEffect, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { isSessionProblem } from '../../api';
import { Problem } from '../../components/Problem';
import { problemText } from '../../i18n';

// The wire's member type: 0 a player, 4 a trial account, the others agents of some level.
export function memberTypeKey(type: number): string {
  if (type === 0) return 'members.types.player';
  if (type === 4) return 'members.types.trial';
  return 'members.types.agent';
}

export function memberIdFrom(pathname: string): number | null {
  const match = /^\/members\/(\d{1,15})\/?$/.exec(pathname);
  return match ? Number(match[1]) : null;
}

export function useList<T>(read: () => Promise<T[]>) {
  const [rows, setRows] = useState<T[] | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const load = useCallback(() => {
    let current = true;
    setProblem(null);
    read().then(
      (found) => {
        if (current) setRows(found);
      },
      (error: unknown) => {
        if (current && !isSessionProblem(error)) setProblem(error);
      },
    );
    return () => {
      current = false;
    };
  }, [read]);
  useEffect(load, [load]);
  return { rows, setRows, problem, reload: load };
}

export function Block({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="cs-panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function Failed({ problem, retry }: { problem: unknown; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Problem>{problemText(t, problem)}</Problem>
      <button type="button" className="cs-button secondary small" onClick={retry}>
        {t('app.retry')}
      </button>
    </>
  );
}
