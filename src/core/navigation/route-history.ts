// The page's location and navigation for the screens that run before the signed-in app (`/`, `/login`), over the
// History API, so that the login page's JavaScript carries no router. The signed-in app (src/app/SignedInApp.tsx)
// routes with react-router over the same history: entries are written in react-router's shape (`usr` holds the
// state, `key`, `idx`), so a state passed from the login page to /chatroom, or from the chat back to /login, arrives
// either way, and react-router's back/forward counting stays right.

/** A location below the app's base. */
export interface RouteLocation {
  /** '/', '/login', '/chatroom', '/deeplink/gotoroom', …: the page's path without the base. */
  pathname: string;
  /** '' or '?…'. */
  search: string;
  /** What the page that navigated here passed along (react-router's `location.state`); null when none. */
  state: unknown;
  /** Tells two visits of the same URL apart ('default' for the entry the page was opened with). */
  key: string;
}

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  state?: unknown;
}

/** The part of `window` the history uses (a test passes its own). */
export interface HistoryHost {
  location: { pathname: string; search: string };
  history: {
    readonly state: unknown;
    pushState(data: unknown, unused: string, url: string): void;
    replaceState(data: unknown, unused: string, url: string): void;
  };
  addEventListener(type: 'popstate', listener: () => void): void;
  dispatchEvent(event: Event): boolean;
}

export interface RouteHistory {
  readonly basename: string;
  /** The current location; the same object until the location changes (a useSyncExternalStore snapshot). */
  location(): RouteLocation;
  subscribe(listener: () => void): () => void;
  /** `to` is a path below the base, with an optional query string: '/login?loginFail'. */
  navigate(to: string, options?: NavigateOptions): void;
  /** Reads the location again after another router (the signed-in app's) changed the history entry. */
  sync(): void;
}

/** react-router's history entry. */
interface Entry {
  usr?: unknown;
  key?: string;
  idx?: number;
}

function entryOf(state: unknown): Entry {
  return typeof state === 'object' && state !== null ? (state as Entry) : {};
}

/** `/webchat/login` → `/login` under `/webchat`, as react-router strips its basename (case-insensitive). */
export function pathBelow(basename: string, pathname: string): string {
  if (basename === '/') return pathname;
  if (!pathname.toLowerCase().startsWith(basename.toLowerCase())) return pathname;
  const rest = pathname.slice(basename.length);
  if (rest === '') return '/';
  return rest.startsWith('/') ? rest : pathname;
}

/** `/login` under `/webchat` → `/webchat/login` (react-router's joinPaths). */
export function pathUnder(basename: string, to: string): string {
  return basename === '/' ? to : `${basename}/${to}`.replace(/\/\/+/g, '/');
}

export function createRouteHistory(host: HistoryHost, basename: string): RouteHistory {
  const listeners = new Set<() => void>();
  const read = (): RouteLocation => {
    const entry = entryOf(host.history.state);
    return { pathname: pathBelow(basename, host.location.pathname), search: host.location.search, state: entry.usr ?? null, key: entry.key ?? 'default' };
  };
  let current = read();
  const refresh = (): void => {
    const next = read();
    if (next.pathname === current.pathname && next.search === current.search && next.key === current.key && next.state === current.state) return;
    current = next;
    for (const listener of listeners) listener();
  };
  host.addEventListener('popstate', refresh);
  return {
    basename,
    location: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate(to, { replace = false, state = null } = {}) {
      const idx = entryOf(host.history.state).idx ?? 0;
      const entry: Entry = { usr: state, key: Math.random().toString(36).slice(2, 10), idx: replace ? idx : idx + 1 };
      if (replace) host.history.replaceState(entry, '', pathUnder(basename, to));
      else host.history.pushState(entry, '', pathUnder(basename, to));
      // The signed-in app's react-router sees history changes through popstate only. Announcing each entry written
      // here keeps it on the entry the page really shows: a login that finishes after its page already went to the
      // chat would otherwise leave a state (a deep link's action) under the chat that it never saw, and a reload
      // would run that action again.
      host.dispatchEvent(new Event('popstate'));
      refresh();
    },
    sync: refresh,
  };
}
