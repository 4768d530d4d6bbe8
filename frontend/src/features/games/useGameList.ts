import { useCallback, useEffect, useMemo, useState } from 'react';

import { type GameListQuery, gamesApi } from './api';
import {
  askForMore,
  FETCH_SIZE,
  hasMore,
  INITIAL_PAGING,
  nextPageToFetch,
  type Paging,
  type Shown,
  visibleGames,
  withPage,
} from './paging';

export type ListQuery = Omit<GameListQuery, 'pageNo' | 'pageSize'>;

// The lobby grid's games for one query (vendor, name, filters, language). The paging state is keyed by the
// query, so a new query starts from page 1 in the same render and an old answer can never land in it.
export function useGameList(query: ListQuery | null, shown: Shown) {
  const key = query ? JSON.stringify(query) : '';
  const [state, setState] = useState<{ key: string; paging: Paging }>({ key, paging: INITIAL_PAGING });
  const paging = state.key === key ? state.paging : INITIAL_PAGING;
  const [loading, setLoading] = useState(false);

  const update = useCallback(
    (change: (p: Paging) => Paging) =>
      setState((s) => ({ key, paging: change(s.key === key ? s.paging : INITIAL_PAGING) })),
    [key],
  );

  const pageNo = query ? nextPageToFetch(paging, shown) : null;
  useEffect(() => {
    if (pageNo === null || !query) return;
    const controller = new AbortController();
    setLoading(true);
    gamesApi
      .gameList({ ...query, pageNo, pageSize: FETCH_SIZE }, controller.signal)
      .then(
        (page) => update((p) => withPage(p, pageNo, page)),
        () => {
          // An aborted request is a superseded one, not a failure.
          if (!controller.signal.aborted) update((p) => ({ ...p, failed: true }));
        },
      )
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => {
      controller.abort();
      setLoading(false);
    };
    // The query is captured through its key; pageNo changes exactly when another request is due.
  }, [key, pageNo, update]);

  const games = useMemo(() => visibleGames(paging, shown), [paging, shown]);
  return {
    games,
    loading,
    failed: paging.failed,
    done: paging.totalPages !== null && !hasMore(paging, shown),
    more: useCallback(() => update((p) => askForMore(p, shown)), [update, shown]),
    retry: useCallback(() => update((p) => ({ ...p, failed: false })), [update]),
  };
}
