// Route `/chatroom`: the chat (Chatroom.tsx) for a signed-in session; the deep link it was opened with comes as the
// route state, and logout goes back to the start.
import { useCallback, useMemo } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { SessionPending } from '../../ui/index.ts';
import { hasChatServices } from '../../core/session/services.ts';
import { useSessionPhase } from '../../core/session/phase.ts';
import { Chatroom } from './Chatroom.tsx';

/**
 * Without a session this goes to the login page ('Session Timeout, Please request login again' when it expired),
 * keeping a deep link's action for after the login; a session ended in another tab ends here too.
 */
export function ChatroomPage() {
  const { phase, endedBy } = useSessionPhase();
  const location = useLocation();
  if (phase === 'resuming') return <SessionPending />;
  if (phase !== 'signedIn' || !hasChatServices()) {
    const carried = (location.state ?? null) as { actionObj?: Record<string, string> } | null;
    return <Navigate to={endedBy === 'expired' ? '/login?sessionTimeout' : '/login'} replace state={carried?.actionObj ? { actionObj: carried.actionObj } : undefined} />;
  }
  return <RoutedChatroom />;
}

function RoutedChatroom() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? null) as { actionObj?: Record<string, string> } | null;
  const consume = useCallback(() => navigate('.', { replace: true, state: null }), [navigate]);
  const arrival = useMemo(() => ({ actionObj: state?.actionObj, key: location.key, consume }), [state?.actionObj, location.key, consume]);
  const onSignedOut = useCallback(() => navigate('/', { replace: true }), [navigate]);
  return <Chatroom arrival={arrival} onSignedOut={onSignedOut} />;
}
