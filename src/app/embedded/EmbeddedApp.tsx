// The embedded app (seed section 2: 'In embedded mode a different app is shown without the router'): the host's
// login while signed out, the chat once signed in, and `{action, data}` messages telling the host each step
// (docs/embedding.md). The address never changes; the browser check is the native host's business.
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { HOST_ACTIONS, loadEmbeddedLogin, postToHost, useTellHostOfSession, type EmbeddedFailure, type LoginOutcome } from '../../features/login/index.ts';
import { SessionPending } from '../../ui/index.ts';
import { hasChatServices } from '../../core/session/services.ts';
import { useSessionPhase } from '../../core/session/phase.ts';
import { withLateTexts } from '../session.ts';

const EmbeddedLogin = lazy(() => loadEmbeddedLogin().then((component) => ({ default: component })));
const Chatroom = lazy(() => withLateTexts(import('../chatroom/Chatroom.tsx')).then((m) => ({ default: m.Chatroom })));

export function EmbeddedApp({ actionObj }: { actionObj: Record<string, string> | undefined }) {
  const { phase, endedBy } = useSessionPhase();
  const [failure, setFailure] = useState<EmbeddedFailure | null>(null);
  const [arrival, setArrival] = useState<{ actionObj: Record<string, string> | undefined; key: string }>({ actionObj: undefined, key: '0' });
  useTellHostOfSession();

  useEffect(() => {
    postToHost(HOST_ACTIONS.ready);
  }, []);

  useEffect(() => {
    if (phase === 'signedOut' && endedBy === 'expired') setFailure('sessionTimeout');
  }, [phase, endedBy]);

  const onOutcome = useCallback((outcome: LoginOutcome, next: Record<string, string> | undefined) => {
    if (outcome.kind === 'signedIn') {
      setFailure(null);
      setArrival((current) => ({ actionObj: next, key: String(Number(current.key) + 1) }));
      return;
    }
    // A password change needs the full login page: the host is told the login failed.
    const reason: EmbeddedFailure = outcome.kind === 'serverError' ? 'serverError' : 'loginFail';
    if (outcome.kind === 'failed' && outcome.silent) return;
    setFailure(reason);
    postToHost(HOST_ACTIONS.loginFail, { reason });
  }, []);

  const consume = useCallback(() => setArrival((current) => ({ ...current, actionObj: undefined })), []);
  const chatArrival = useMemo(() => ({ ...arrival, consume }), [arrival, consume]);
  const onSignedOut = useCallback(() => undefined, []);

  if (phase === 'resuming') return <SessionPending />;
  if (phase === 'signedIn' && hasChatServices()) {
    return (
      <Suspense fallback={<SessionPending />}>
        <Chatroom arrival={chatArrival} onSignedOut={onSignedOut} />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<SessionPending />}>
      <EmbeddedLogin actionObj={actionObj} failure={failure} onOutcome={onOutcome} />
    </Suspense>
  );
}
