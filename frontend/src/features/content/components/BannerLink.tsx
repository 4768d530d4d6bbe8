import type { ReactNode } from 'react';
import { Link } from 'react-router';

import type { Banner } from '../api';

// A banner leads to a page of this site (a path) or, for an https address, opens it in a new tab.
export function BannerLink({ banner, children, className }: { banner: Banner; children: ReactNode; className?: string }) {
  const to = banner.linkUrl;
  if (!to) return <div className={className}>{children}</div>;
  if (to.startsWith('/') && !to.startsWith('//')) {
    return (
      <Link to={to} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={to} className={className} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
