import { type ComponentType, lazy, Suspense } from "react";

type Loader<P> = () => Promise<ComponentType<P>>;

/**
 * A piece of a student page whose code stays out of the page's first JavaScript (the design's
 * budget for student pages) and is fetched when it first shows, or earlier with `preload()`.
 *
 * The server still renders it whole, also without JavaScript: in the Worker its module is loaded
 * as soon as this one is, so the first request already renders it at once instead of streaming a
 * fallback. The browser keeps that server HTML inside the Suspense boundary until the code arrives,
 * then hydrates it.
 */
export function lazyScreen<P extends object>(load: Loader<P>) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (pending ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  const onServer = typeof document === "undefined";
  if (onServer) void preload();
  function Screen(props: P) {
    // The browser always goes through `Lazy`, so the component keeps its identity (and state) when the code arrives.
    const Component = (onServer && loaded) || (Lazy as unknown as ComponentType<P>);
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  return Object.assign(Screen, { preload });
}
