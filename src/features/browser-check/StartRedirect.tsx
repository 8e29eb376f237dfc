// Route `/` after the browser check (or without one): on to /login carrying the query string as the action
// object, or straight to /chatroom when a stored session is still alive.
import { useRouteLocation } from '../../core/navigation/navigation.ts';
import { Redirect, SessionPending } from '../../ui/index.ts';
import { useSessionPhase } from '../../core/session/phase.ts';
import { readActionObject } from './detect.ts';

export function StartRedirect() {
  const location = useRouteLocation();
  const { phase, endedBy } = useSessionPhase();
  if (phase === 'resuming') return <SessionPending />;
  const actionObj = readActionObject(location.search);
  if (phase === 'signedIn') return <Redirect to="/chatroom" state={{ actionObj }} />;
  return <Redirect to={endedBy === 'expired' ? '/login?sessionTimeout' : '/login'} state={{ actionObj }} />;
}
