// The embedded app's login (seed sections 1 and 4): no form and no route. A token in the action object logs in
// once where token (or SSO) login is allowed; the host's `authenticate` message logs in at once; 'Request Login'
// asks the host for a fresh token. The outcome goes to the embedded app, which tells the host.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessagesSquare, RefreshCw } from 'lucide-react';
import { config } from '@variant/config';
import { IS_ALLOW_SSO_LOGIN, IS_ALLOW_TOKEN_LOGIN } from '@variant/flags';
import { Button } from '../../../ui/index.ts';
import { loginWithToken, type LoginOutcome } from '../auth.ts';
import { readAutoLogin } from '../auto/auto-login.ts';
import { nextActionObject } from '../auto/next-action.ts';
import { HOST_ACTIONS } from '../host/actions.ts';
import { postToHost } from '../host/host-bridge.ts';
import { useHostAuthenticate } from '../host/useHostAuthenticate.ts';
import styles from './EmbeddedLogin.module.scss';

export type EmbeddedFailure = 'loginFail' | 'serverError' | 'sessionTimeout';

export interface EmbeddedLoginProps {
  /** The page's action object (its query string): a token there logs in once, unless `failure` says one failed. */
  actionObj: Record<string, string> | undefined;
  failure: EmbeddedFailure | null;
  /** A finished login, with the action object the chat then carries out (a room id becomes go-to-room). */
  onOutcome(outcome: LoginOutcome, next: Record<string, string> | undefined): void;
}

const tried = new Set<string>();

export function EmbeddedLogin({ actionObj, failure, onOutcome }: EmbeddedLoginProps) {
  const { t, i18n } = useTranslation();
  const latest = useRef(onOutcome);
  latest.current = onOutcome;
  const hostBusy = useHostAuthenticate((outcome, authentication) => onOutcome(outcome, authentication?.actionObj));
  const auto = readAutoLogin(actionObj, failure !== null, { sso: IS_ALLOW_SSO_LOGIN, token: IS_ALLOW_TOKEN_LOGIN });

  // Only while the action object's token is being tried: after a logout the page comes back with the same action
  // object and its used token, and must not look busy.
  const [autoBusy, setAutoBusy] = useState(() => auto !== null && !tried.has(auto.tokenData.token));
  useEffect(() => {
    if (!auto || tried.has(auto.tokenData.token)) return;
    tried.add(auto.tokenData.token); // a token is used up by its first try
    setAutoBusy(true);
    void loginWithToken(auto.loginName, auto.tokenData, i18n.language, auto.sso).then((outcome) => {
      setAutoBusy(false);
      latest.current(outcome, nextActionObject(auto.rest));
    });
  }, [auto, i18n.language]);

  const busy = hostBusy || autoBusy;
  return (
    <main className={styles.page} data-testid="embedded-login">
      <section className={styles.card} aria-label={t('login.webview.title')}>
        <MessagesSquare className={styles.logo} aria-hidden="true" />
        <h1 className={styles.title}>{t('appTitle', { title: config.title })}</h1>
        {failure ? (
          <p className={styles.failure} role="alert" data-testid="login-failure">
            {t(`login.webview.${failure}`)}
          </p>
        ) : null}
        {busy ? null : <p className={styles.hint}>{t('login.webview.hint')}</p>}
        <Button icon={<RefreshCw />} busy={busy} onClick={() => postToHost(HOST_ACTIONS.refreshToken)}>
          {t('login.webview.requestLogin')}
        </Button>
      </section>
    </main>
  );
}
