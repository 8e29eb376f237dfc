// The host's `authenticate` message logs in at once (seed section 4): shared by the lite build's login page and the
// embedded app. `onResult` hears the outcome with the authentication it came from (null: an unreadable message).
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loginWithToken, type LoginOutcome } from '../auth.ts';
import { HOST_ACTIONS } from './actions.ts';
import { readAuthentication, type HostAuthentication } from './authenticate.ts';
import { onHostMessage } from './host-bridge.ts';

export function useHostAuthenticate(onResult: (outcome: LoginOutcome, authentication: HostAuthentication | null) => void): boolean {
  const { i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const latest = useRef(onResult);
  latest.current = onResult;

  useEffect(
    () =>
      onHostMessage((message) => {
        if (message.action !== HOST_ACTIONS.authenticate) return;
        const authentication = readAuthentication(message.data);
        if (!authentication) {
          latest.current({ kind: 'failed' }, null);
          return;
        }
        setBusy(true);
        void loginWithToken(authentication.loginName, authentication.tokenData, i18n.language).then((outcome) => {
          setBusy(false);
          latest.current(outcome, authentication);
        });
      }),
    [i18n.language],
  );
  return busy;
}
