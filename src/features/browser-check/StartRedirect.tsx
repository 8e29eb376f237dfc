// Route `/` after the browser check (or without one): on to /login carrying the query string as the action
// object, or straight to /chatroom when a stored session is still alive.
import { Navigate, useLocation } from 'react-router-dom';
import { SessionPending, useSessionPhase } from '../session/index.ts';
import { readActionObject } from './detect.ts';

export function StartRedirect() {
  const location = useLocation();
  const { phase, endedBy } = useSessionPhase();
  if (phase === 'resuming') return <SessionPending />;
  const actionObj = readActionObject(location.search);
  if (phase === 'signedIn') return <Navigate to="/chatroom" replace state={{ actionObj }} />;
  return <Navigate to={endedBy === 'expired' ? '/login?sessionTimeout' : '/login'} replace state={{ actionObj }} />;
}
