// Route `/deeplink/:action`: the link's action object goes to the chat, through the login page when there is no
// session (the login carries it on), and the chat carries it out (useDeepLinkOnArrival).
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { SessionPending } from '../../ui/index.ts';
import { useSessionPhase } from '../../core/session/phase.ts';
import { deepLinkActionObject } from '../../core/navigation/deep-link.ts';

export function DeepLinkPage() {
  const { action = '' } = useParams();
  const location = useLocation();
  const phase = useSessionPhase((state) => state.phase);
  if (phase === 'resuming') return <SessionPending />;
  const actionObj = deepLinkActionObject(action, location.search);
  return <Navigate to={phase === 'signedIn' ? '/chatroom' : '/login'} replace state={{ actionObj }} />;
}
