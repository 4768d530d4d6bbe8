import { type ComponentType, createElement, type ReactNode, useEffect, useState } from 'react';

export interface Deferred<P extends object> {
  // Shows `fallback` until the code is there, and the component from then on: at once, with no Suspense
  // round (React holds a suspended tree back for its fallback's minimum time), when it already arrived.
  Component: ComponentType<P>;
  // Starts (or joins) the download, for whoever knows first that the component will be wanted.
  preload: () => Promise<ComponentType<P>>;
}

// A part of the shell whose code is not on the first page (it is below the fold, or only for members):
// it comes in its own chunk. A chunk that fails to load leaves the fallback in place, and the next mount
// tries again; nothing is thrown at the page.
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): Deferred<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  function Component(props: P) {
    const [, arrived] = useState(0);
    const shown = loaded;
    useEffect(() => {
      // Whether this render had the component, not whether it is there now: code that arrives between a
      // render and its effect must still bring a render.
      if (shown) return;
      let live = true;
      preload().then(
        () => {
          if (live) arrived((renders) => renders + 1);
        },
        () => undefined,
      );
      return () => {
        live = false;
      };
    }, [shown]);
    return shown ? createElement(shown, props) : fallback;
  }
  return { Component, preload };
}
