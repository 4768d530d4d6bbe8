import { Component, type ReactNode, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';

import { RouteError } from './RouteError';

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  error: unknown;
  pathname: string;
}

// Catches what a page throws (a render error, a chunk that failed or came too late) so that the header and
// footer stay. Leaving for another address clears the error, without remounting what is inside: a
// kept-alive lobby (KeepAliveOutlet) holds its own boundary and must keep its state.
class Boundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { failed: false, error: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { failed: false, error: null, pathname: props.pathname };
  }

  render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

// The pages' parent route: their error screen, and room held for a page whose chunk is still on its way
// (the footer stays below the fold rather than jumping down when the page arrives).
export function PageBoundary() {
  const { pathname } = useLocation();
  return (
    <Boundary pathname={pathname}>
      <Suspense fallback={<div className="page-pending" aria-busy="true" />}>
        <Outlet />
      </Suspense>
    </Boundary>
  );
}
