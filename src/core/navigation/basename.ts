// The router base is the directory the app was opened from (seed §2), without the route's own segment (a deep
// link's two: /deeplink/<action>).
const routeSegments = /\/(login|chatroom|deeplink\/[^/]+)\/?$/;

export function routerBasename(pathname: string): string {
  const withoutRoute = pathname.replace(routeSegments, '/');
  const directory = withoutRoute.endsWith('/') ? withoutRoute : withoutRoute.replace(/[^/]*$/, '');
  const trimmed = directory.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}
