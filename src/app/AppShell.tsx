// The page around every route: the route's screen (routes.ts), the toasts and dialogs, and for lite builds the
// host's session messages. The signed-in app is a chunk of its own with react-router in it, loaded on the first
// visit of /chatroom or a deep link.
import { lazy, Suspense } from 'react';
import { IS_ALLOW_DEEP_LINK, IS_SHOW_LITE_VERSION } from '@variant/flags';
import { useRouteLocation } from '../core/navigation/navigation.ts';
import { BrowserCheckPage } from '../features/browser-check/index.ts';
import { LoginPage } from '../features/login/LoginPage.tsx';
import { TellHostOfSession } from '../features/login/host/useTellHostOfSession.ts';
import { Redirect, SessionPending, ToastHost } from '../ui/index.ts';
import { whenSignInStarts } from '../core/session/on-demand.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { OnDemandDialogHost } from './OnDemandDialogHost.tsx';
import { ErrorPage } from './ErrorPage.tsx';
import { shellRoute } from './routes.ts';
import { withLateTexts } from './session.ts';

/** The signed-in app's chunk, loaded once: from the click on Login on (while the login call runs), or at its route. */
let signedInChunk: Promise<typeof import('./SignedInApp.tsx')> | null = null;
function loadSignedInApp(): Promise<typeof import('./SignedInApp.tsx')> {
  signedInChunk ??= withLateTexts(import('./SignedInApp.tsx')).catch((error: unknown) => {
    signedInChunk = null; // tried again at the route
    throw error;
  });
  return signedInChunk;
}
whenSignInStarts(() => void loadSignedInApp().catch(() => undefined));

const SignedInApp = lazy(() => loadSignedInApp().then((m) => ({ default: m.SignedInApp })));

function RouteScreen({ basename }: { basename: string }) {
  const { pathname } = useRouteLocation();
  switch (shellRoute(pathname, IS_ALLOW_DEEP_LINK)) {
    case 'start':
      return <BrowserCheckPage />;
    case 'login':
      return <LoginPage />;
    case 'signedIn':
      return (
        <Suspense fallback={<SessionPending />}>
          <SignedInApp basename={basename} />
        </Suspense>
      );
    case 'unknown':
      // Not a route of the product: back to the start.
      return <Redirect to="/" />;
  }
}

export function AppShell({ title, basename }: { title: string; basename: string }) {
  return (
    <>
      {/* A route that fails to render shows the error page; the toasts and dialogs stay. */}
      <ErrorBoundary fallback={<ErrorPage title={title} basename={basename} />}>
        <RouteScreen basename={basename} />
      </ErrorBoundary>
      {/* A lite build lives in its host app's web view: the host hears when the session starts and ends. */}
      {IS_SHOW_LITE_VERSION ? <TellHostOfSession /> : null}
      <ToastHost />
      <OnDemandDialogHost defaultTitle={title} />
    </>
  );
}
