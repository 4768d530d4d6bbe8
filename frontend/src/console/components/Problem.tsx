import type { ReactNode } from 'react';

// A failure, in place: announced to screen readers as it appears.
export function Problem({ children, id }: { children: ReactNode; id?: string }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <p className="cs-problem" role="alert" id={id}>
      {children}
    </p>
  );
}
