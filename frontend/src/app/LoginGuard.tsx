import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation } from 'react-router';

import { brandAtom, tokenAtom } from '../state/atoms';

// SPEC §2.1: with loginedToHomePage on, a visitor without a session only reaches these paths.
export const OPEN_PATHS = new Set(['/login', '/register', '/register.html', '/helpmc', '/download', '/chat']);

export function LoginGuard({ children }: { children: ReactNode }) {
  const brand = useAtomValue(brandAtom);
  const token = useAtomValue(tokenAtom);
  const { pathname } = useLocation();
  if (brand?.loginedToHomePage && !token && !OPEN_PATHS.has(pathname)) {
    return <Navigate to="/login" replace />;
  }
  return <>{children}</>;
}
