// The three routes of the seed, matched exactly; /chatroom is loaded on demand.
import { Navigate, Outlet, createBrowserRouter } from 'react-router-dom';
import { BrowserCheckPage } from '../features/browser-check/index.ts';
import { IS_SHOW_LITE_VERSION } from '@variant/flags';
import { LoginPage, TellHostOfSession } from '../features/login/index.ts';
import { DialogHost, ToastHost } from '../ui/index.ts';
import { ErrorPage } from './ErrorPage.tsx';

function Root({ title }: { title: string }) {
  return (
    <>
      <Outlet />
      {/* A lite build lives in its host app's web view: the host hears when the session starts and ends. */}
      {IS_SHOW_LITE_VERSION ? <TellHostOfSession /> : null}
      <ToastHost />
      <DialogHost defaultTitle={title} />
    </>
  );
}

export function createAppRouter(basename: string, title: string) {
  return createBrowserRouter(
    [
      {
        path: '/',
        element: <Root title={title} />,
        errorElement: <ErrorPage title={title} basename={basename} />,
        children: [
          { index: true, element: <BrowserCheckPage /> },
          { path: 'login', element: <LoginPage /> },
          // The seed's deep-link prefix: /deeplink/gotoroom, opensinglechat, opencontactinfo, gotochatbot.
          // Loaded on demand like /chatroom: it opens rooms and contacts, which the login page never needs.
          {
            path: 'deeplink/:action',
            lazy: async () => {
              const { DeepLinkPage } = await import('../features/deeplink/index.ts');
              return { Component: DeepLinkPage };
            },
          },
          {
            path: 'chatroom',
            lazy: async () => {
              const { ChatroomPage } = await import('../features/chatroom/index.ts');
              return { Component: ChatroomPage };
            },
          },
          // Anything else is not a route of the product: back to the start.
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
    { basename },
  );
}
