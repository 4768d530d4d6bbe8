import type { ReactNode } from 'react';

// A titled block of a member-centre page (the wallet pages and the security centre share the look).
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mc-section">
      <h3>{title}</h3>
      {children}
    </section>
  );
}
