import type { ReactNode } from 'react';

// The stage (the game itself) and, beside it on wide frames or below it on phones, the side column.
export function GameLayout({ className, children, side }: { className: string; children: ReactNode; side: ReactNode }) {
  return (
    <div className={`hs-layout ${className}`}>
      <div className="hs-stage">{children}</div>
      <aside className="hs-side">{side}</aside>
    </div>
  );
}
