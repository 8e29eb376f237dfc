// The page's own route history (route-history.ts over `window`), made on first use, and the hook that follows it.
import { useSyncExternalStore } from 'react';
import { routerBasename } from './basename.ts';
import { createRouteHistory, type NavigateOptions, type RouteHistory, type RouteLocation } from './route-history.ts';

let browserHistory: RouteHistory | null = null;

/** The page's history; its base is the directory the page was opened from (routerBasename). */
export function routeHistory(): RouteHistory {
  browserHistory ??= createRouteHistory(window, routerBasename(window.location.pathname));
  return browserHistory;
}

export function navigateTo(to: string, options?: NavigateOptions): void {
  routeHistory().navigate(to, options);
}

/** The current location; the component renders again when it changes. */
export function useRouteLocation(): RouteLocation {
  const history = routeHistory();
  return useSyncExternalStore(history.subscribe, history.location);
}
