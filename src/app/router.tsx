// The three routes of the seed, matched exactly; /chatroom and the deep links are loaded on demand. A declarative
// router (BrowserRouter + Routes): the data router (loaders, actions, fetchers) is never used, and leaving it out
// keeps it out of the login page's JavaScript.
import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { IS_ALLOW_DEEP_LINK, IS_SHOW_LITE_VERSION } from '@variant/flags';
import { BrowserCheckPage } from '../features/browser-check/index.ts';
import { LoginPage, TellHostOfSession } from '../features/login/index.ts';
import { SessionPending } from '../features/session/index.ts';
import { DialogHost, ToastHost } from '../ui/index.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { ErrorPage } from './ErrorPage.tsx';
import { withLateTexts } from './session.ts';

// The seed's deep-link prefix: /deeplink/gotoroom, opensinglechat, opencontactinfo, gotochatbot. Loaded on demand
// like /chatroom: it opens rooms and contacts, which the login page never needs.
const DeepLinkPage = lazy(() => withLateTexts(import('../features/deeplink/index.ts')).then((m) => ({ default: m.DeepLinkPage })));
const ChatroomPage = lazy(() => withLateTexts(import('../features/chatroom/index.ts')).then((m) => ({ default: m.ChatroomPage })));

function Root({ title, basename }: { title: string; basename: string }) {
  return (
    <>
      {/* A route that fails to render shows the error page; the toasts and dialogs stay. */}
      <ErrorBoundary fallback={<ErrorPage title={title} basename={basename} />}>
        <Outlet />
      </ErrorBoundary>
      {/* A lite build lives in its host app's web view: the host hears when the session starts and ends. */}
      {IS_SHOW_LITE_VERSION ? <TellHostOfSession /> : null}
      <ToastHost />
      <DialogHost defaultTitle={title} />
    </>
  );
}

const onDemand = (page: ReactNode) => <Suspense fallback={<SessionPending />}>{page}</Suspense>;

export function AppRoutes({ basename, title }: { basename: string; title: string }) {
  return (
    <BrowserRouter basename={basename}>
      <Routes>
        <Route path="/" element={<Root title={title} basename={basename} />}>
          <Route index element={<BrowserCheckPage />} />
          <Route path="login" element={<LoginPage />} />
          {IS_ALLOW_DEEP_LINK ? <Route path="deeplink/:action" element={onDemand(<DeepLinkPage />)} /> : null}
          <Route path="chatroom" element={onDemand(<ChatroomPage />)} />
          {/* Anything else is not a route of the product: back to the start. */}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
