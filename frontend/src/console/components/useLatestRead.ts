// What a console section reads and shows: read again whenever `read` changes (wrap it in useCallback with
// what it reads by), its answer kept only if no later read started meanwhile (a slow answer for the previous
// filter or page never overwrites the current one), and a failure kept to show, except an ended session,
// which the console answers by going to the login.
import { useCallback, useEffect, useRef, useState } from 'react';

import { isSessionProblem } from '../api';

export function useLatestRead<T>(read: () => Promise<T>) {
  const [value, setValue] = useState<T | null>(null);
  const [readProblem, setReadProblem] = useState<unknown>(null);
  const latest = useRef(0);

  const load = useCallback(async () => {
    const request = ++latest.current;
    setReadProblem(null);
    try {
      const answer = await read();
      if (request === latest.current) setValue(answer);
    } catch (error) {
      if (request === latest.current && !isSessionProblem(error)) setReadProblem(error);
    }
  }, [read]);
  useEffect(() => {
    void load();
  }, [load]);

  return { value, setValue, readProblem, load };
}
