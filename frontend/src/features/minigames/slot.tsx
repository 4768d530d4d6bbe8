// #mini-game-slot (SPEC §2.2's layout, issue 33): the layout fetches this chunk as it mounts, which keeps the
// first page's script within its budget; the launcher itself (framer-motion, the feed, its styles) comes
// once the page is idle, so it never competes with the page's own first paint.
import { useEffect, useState } from 'react';

import { deferred } from '../../components/deferred';

const Launcher = deferred(() => import('./MiniGameWidget').then((module) => module.MiniGameWidget));

export function whenIdle(run: () => void, timeout = 3000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 1000);
  return () => clearTimeout(timer);
}

export default function MiniGameSlot() {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return (
    <div className="mini-game-slot" id="mini-game-slot">
      {idle && <Launcher.Component />}
    </div>
  );
}
