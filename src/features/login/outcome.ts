// Where a finished login takes the page (seed section 4): the chat with the action object, the change-password
// form, or back to /login with the failure (?loginFail) or ?serverError. Shared by every login mode.
import { errorCodeByName } from '@generated/errors';
import { IS_ALLOW_CHANGE_PASSWORD_ON_LOGIN } from '@variant/flags';
import { navigateTo } from '../../core/navigation/navigation.ts';
import type { LoginOutcome } from './auth.ts';

export interface OutcomeContext {
  loginName: string;
  actionObj: Record<string, string> | undefined;
  onMustChangePassword?: (loginName: string) => void;
}

export function useFollowLoginOutcome(): (outcome: LoginOutcome, context: OutcomeContext) => void {
  return (outcome, { loginName, actionObj, onMustChangePassword }) => {
    switch (outcome.kind) {
      case 'signedIn':
        navigateTo('/chatroom', { replace: true, state: actionObj ? { actionObj } : undefined });
        return;
      case 'mustChangePassword':
        // Without the change-password page the variant refuses the login as a login failure.
        if (IS_ALLOW_CHANGE_PASSWORD_ON_LOGIN) onMustChangePassword?.(outcome.loginName);
        else navigateTo('/login?loginFail', { replace: true, state: { code: errorCodeByName.MUST_CHANGE_PASSWORD, loginName, actionObj } });
        return;
      case 'serverError':
        navigateTo('/login?serverError', { replace: true, state: { loginName, actionObj } });
        return;
      case 'failed':
        // A silent failure (no IM_USER role) shows nothing, as the seed says.
        if (outcome.silent) return;
        navigateTo('/login?loginFail', { replace: true, state: { message: outcome.message, code: outcome.code, loginName, actionObj } });
        return;
    }
  };
}
