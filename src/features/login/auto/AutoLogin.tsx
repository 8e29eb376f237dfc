// Runs the automatic login once (a token is used up by its first try, so a second render must not try again)
// while the page shows the session spinner; the outcome takes the page on like any login.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SessionPending } from '../../../ui/index.ts';
import { loginWithToken } from '../auth.ts';
import { useFollowLoginOutcome } from '../outcome.ts';
import type { AutoLogin as AutoLoginRequest } from './auto-login.ts';
import { nextActionObject } from './next-action.ts';

const tried = new Set<string>();

export function AutoLogin({ request }: { request: AutoLoginRequest }) {
  const { i18n } = useTranslation();
  const follow = useFollowLoginOutcome();
  useEffect(() => {
    if (tried.has(request.tokenData.token)) return;
    tried.add(request.tokenData.token);
    void loginWithToken(request.loginName, request.tokenData, i18n.language, request.sso).then((outcome) =>
      follow(outcome, { loginName: request.loginName, actionObj: nextActionObject(request.rest) }),
    );
  }, [request, follow, i18n.language]);
  return <SessionPending />;
}
