// Pure checks of the start route: what the browser is and what the query string asks for.

/** The query string read as the seed's action object (authTokenType, token, roomId, systemId, loginName, ...). */
export type ActionObject = Record<string, string>;

export function readActionObject(search: string): ActionObject {
  const action: ActionObject = {};
  for (const [key, value] of new URLSearchParams(search)) action[key] = value;
  return action;
}

export function isMobileDevice(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|Windows Phone|BlackBerry/i.test(userAgent);
}

/** Internet Explorer up to 11 ("MSIE" before 11, "Trident/" in 11). */
export function isOldInternetExplorer(userAgent: string): boolean {
  return /MSIE |Trident\//.test(userAgent);
}

export type BrowserCheckOutcome = 'mobile' | 'unsupported' | 'ok';

export function checkBrowser(userAgent: string): BrowserCheckOutcome {
  if (isOldInternetExplorer(userAgent)) return 'unsupported';
  if (isMobileDevice(userAgent)) return 'mobile';
  return 'ok';
}
