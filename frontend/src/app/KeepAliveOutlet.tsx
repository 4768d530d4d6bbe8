import { type ReactNode, useRef } from 'react';
import { useLocation, useOutlet } from 'react-router';

// Category lobbies stay mounted when the player leaves them (SPEC §2.1 "kept alive"), so coming back
// keeps the scroll position, filters and loaded games.
export const KEEP_ALIVE_PATHS = new Set(['/rng', '/live', '/pvp', '/sports']);

export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const cache = useRef(new Map<string, ReactNode>());
  const keep = KEEP_ALIVE_PATHS.has(pathname);
  if (keep && outlet) cache.current.set(pathname, outlet);
  return (
    <>
      {[...cache.current].map(([path, element]) => (
        <div key={path} hidden={path !== pathname} data-keep-alive={path}>
          {element}
        </div>
      ))}
      {!keep && outlet}
    </>
  );
}
