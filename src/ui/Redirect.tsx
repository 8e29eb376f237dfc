// Goes to another route as soon as it renders, replacing the current history entry (react-router's <Navigate
// replace>, for the screens without a router).
import { useEffect } from 'react';
import { navigateTo } from '../core/navigation/navigation.ts';

export function Redirect({ to, state }: { to: string; state?: unknown }): null {
  useEffect(() => navigateTo(to, { replace: true, state }), [to, state]);
  return null;
}
