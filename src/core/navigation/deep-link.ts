// Deep links (seed section 2: prefix /deeplink/ with gotoroom, gotochatbot, opensinglechat, opencontactinfo), read
// into what the chat should do. Parameters (docs/client-ui.md):
//   /deeplink/gotoroom?roomId=<room id>
//   /deeplink/opensinglechat?accountId=<account id>   or  ?loginName=<login name>
//   /deeplink/opencontactinfo?accountId=<account id>  or  ?loginName=<login name>
//   /deeplink/gotochatbot
// The action travels through the login (when there is no session) in the route state as the seed's action object,
// with the action's name under `deepLink`.

export const DEEP_LINK_ACTIONS = ['gotoroom', 'opensinglechat', 'opencontactinfo', 'gotochatbot'] as const;
export type DeepLinkAction = (typeof DEEP_LINK_ACTIONS)[number];

/** Whom a link names: an account id, else a login name. */
export type AccountRef = { accountId: string } | { loginName: string };

export type DeepLink =
  | { action: 'gotoroom'; roomId: string }
  | { action: 'opensinglechat'; account: AccountRef }
  | { action: 'opencontactinfo'; account: AccountRef }
  | { action: 'gotochatbot' };

/** The key of the action object that names the deep link's action. */
export const DEEP_LINK_KEY = 'deepLink';

/** The action object a deep link URL carries: its query string plus the action's name. */
export function deepLinkActionObject(action: string, search: string): Record<string, string> {
  const actionObj: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) actionObj[key] = value;
  actionObj[DEEP_LINK_KEY] = action.toLowerCase();
  return actionObj;
}

const text = (value: string | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

function accountOf(actionObj: Record<string, string>): AccountRef | null {
  const accountId = text(actionObj.accountId);
  if (accountId) return { accountId };
  const loginName = text(actionObj.loginName);
  return loginName ? { loginName } : null;
}

/**
 * The deep link in an action object; null when there is none. `invalid` when it names an unknown action or lacks
 * what its action needs (the user is told the link cannot be opened).
 */
export function readDeepLink(actionObj: Record<string, string> | null | undefined): DeepLink | 'invalid' | null {
  const action = actionObj?.[DEEP_LINK_KEY];
  if (!actionObj || action === undefined) return null;
  switch (action) {
    case 'gotoroom': {
      const roomId = text(actionObj.roomId);
      return roomId ? { action, roomId } : 'invalid';
    }
    case 'opensinglechat':
    case 'opencontactinfo': {
      const account = accountOf(actionObj);
      return account ? { action, account } : 'invalid';
    }
    case 'gotochatbot':
      return { action };
    default:
      return 'invalid';
  }
}
