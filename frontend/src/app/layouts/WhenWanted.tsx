import { type ComponentType, type LazyExoticComponent, Suspense, useState } from 'react';

// Mounted from the first time it is wanted, and kept: a closing overlay plays its exit, a reopened one
// keeps what was typed into it. Shared by the layout's overlays and the member's own (MemberOverlays).
export function WhenWanted({ wanted, Overlay }: { wanted: boolean; Overlay: LazyExoticComponent<ComponentType> }) {
  const [seen, setSeen] = useState(wanted);
  if (wanted && !seen) setSeen(true);
  if (!seen && !wanted) return null;
  return (
    <Suspense fallback={null}>
      <Overlay />
    </Suspense>
  );
}
