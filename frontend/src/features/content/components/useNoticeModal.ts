import { useCallback, useState } from 'react';

import type { Notice } from '../api';

export interface NoticeModalState {
  open: boolean;
  notices: Notice[];
  index: number;
  // A new one per opening: the modal remounts on the notice chosen, and keeps its content while closing.
  key: number;
}

export function useNoticeModal() {
  const [state, setState] = useState<NoticeModalState | null>(null);
  const show = useCallback((notices: Notice[], index: number) => {
    setState((previous) => ({ open: true, notices, index, key: (previous?.key ?? 0) + 1 }));
  }, []);
  const close = useCallback(() => setState((previous) => previous && { ...previous, open: false }), []);
  return { state, show, close };
}
