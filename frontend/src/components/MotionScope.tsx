import { LazyMotion, MotionConfig } from 'framer-motion';
import type { ReactNode } from 'react';

export const loadMotionFeatures = () => import('./motionFeatures').then((module) => module.default);

// Every component that animates (m.*) wraps its output in this rather than the app in one provider: the
// shell then carries no framer-motion at all, and only a part that animates loads it, when it first shows.
// `strict` makes a full `motion.*` component (which would bundle every feature) an error. Under the system's
// prefers-reduced-motion, movement (slides, scales) is dropped and only fades remain.
export function MotionScope({ children }: { children: ReactNode }) {
  return (
    <MotionConfig reducedMotion="user">
      <LazyMotion features={loadMotionFeatures} strict>
        {children}
      </LazyMotion>
    </MotionConfig>
  );
}
