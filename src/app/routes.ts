// The seed's routes and which part of the app shows each. `/` and `/login` run in the shell without a router, so
// the login page's JavaScript carries none; `/chatroom` and the deep links are the signed-in app (react-router),
// loaded on demand. Matched as react-router did: case-insensitive, an optional trailing slash.

export type ShellRoute = 'start' | 'login' | 'signedIn' | 'unknown';

export function shellRoute(pathname: string, deepLinks: boolean): ShellRoute {
  const path = pathname.toLowerCase().replace(/(.)\/$/, '$1');
  if (path === '/') return 'start';
  if (path === '/login') return 'login';
  if (path === '/chatroom') return 'signedIn';
  if (deepLinks && /^\/deeplink\/[^/]+$/.test(path)) return 'signedIn';
  return 'unknown';
}
