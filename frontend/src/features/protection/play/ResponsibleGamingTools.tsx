import { lazy, Suspense } from 'react';

// The help category of the Responsible Gaming article (the footer's ?cat=responsible): the help page shows the
// block below it.
export const RESPONSIBLE_CATEGORY = 'RESPONSIBLE';

const RgHelpTools = lazy(() => import('./RgHelpTools').then((module) => ({ default: module.RgHelpTools })));

// The block's own chunk, fetched when the Responsible Gaming category shows.
export function ResponsibleGamingTools() {
  return (
    <Suspense fallback={null}>
      <RgHelpTools />
    </Suspense>
  );
}
