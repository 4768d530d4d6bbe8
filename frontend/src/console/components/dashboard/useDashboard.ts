// The dashboard's figures for a period, read again every REFRESH_MS while the page is in view (a hidden tab
// asks nothing; coming back after longer than that reads at once). A failed refresh keeps the figures shown,
// with the time they were read, and says what failed.
import { useCallback, useEffect, useRef, useState } from 'react';

import { isSessionProblem } from '../../api';
import { type Dashboard, type DayChoice, readDashboard, REFRESH_MS } from '../../dashboardApi';

export interface DashboardState {
  data: Dashboard | null;
  updatedAt: Date | null;
  problem: unknown;
  busy: boolean;
  refresh: () => void;
}

const visible = () => document.visibilityState === 'visible';

export function useDashboard(days: DayChoice): DashboardState {
  const [data, setData] = useState<Dashboard | null>(null);
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  // Only the newest request's answer is shown: a slow one for the old period must not replace it.
  const latest = useRef(0);
  const readAt = useRef(0);

  const load = useCallback(async () => {
    const request = ++latest.current;
    readAt.current = Date.now();
    setBusy(true);
    try {
      const answer = await readDashboard(days);
      if (request !== latest.current) return;
      setData(answer);
      setUpdatedAt(new Date());
      setProblem(null);
    } catch (error) {
      if (request !== latest.current) return;
      if (!isSessionProblem(error)) setProblem(error);
    } finally {
      if (request === latest.current) setBusy(false);
    }
  }, [days]);

  useEffect(() => {
    void load();
    const timer = window.setInterval(() => {
      if (visible()) void load();
    }, REFRESH_MS);
    const onVisibility = () => {
      if (visible() && Date.now() - readAt.current >= REFRESH_MS) void load();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      latest.current += 1; // an answer arriving after the page left is not shown
    };
  }, [load]);

  const refresh = useCallback(() => void load(), [load]);
  return { data, updatedAt, problem, busy, refresh };
}
