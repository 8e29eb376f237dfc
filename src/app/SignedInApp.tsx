// The signed-in app: /chatroom and the deep links, routed by react-router (a declarative BrowserRouter + Routes;
// the data router's loaders and actions are never used). It shares the page's history with the shell
// (core/navigation): when it navigates to `/` or `/login` (logout, an expired session, a deep link without one),
// FollowRouter tells the shell, which shows that screen in its place.
import { useEffect } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { IS_ALLOW_DEEP_LINK } from '@variant/flags';
import { routeHistory } from '../core/navigation/navigation.ts';
import { ChatroomPage } from './chatroom/ChatroomPage.tsx';
import { DeepLinkPage } from '../features/deeplink/index.ts';
import { loadDialogHost } from './OnDemandDialogHost.tsx';

function FollowRouter(): null {
  const location = useLocation();
  useEffect(() => routeHistory().sync(), [location]);
  return null;
}

export function SignedInApp({ basename }: { basename: string }) {
  // The chat asks before logout, deletes and leaving: its dialogs come with it rather than on the first question.
  useEffect(() => void loadDialogHost().catch(() => undefined), []);
  return (
    <BrowserRouter basename={basename}>
      <FollowRouter />
      <Routes>
        <Route path="/chatroom" element={<ChatroomPage />} />
        {IS_ALLOW_DEEP_LINK ? <Route path="/deeplink/:action" element={<DeepLinkPage />} /> : null}
        {/* The shell's routes: it takes over as soon as FollowRouter tells it. */}
        <Route path="*" element={null} />
      </Routes>
    </BrowserRouter>
  );
}
