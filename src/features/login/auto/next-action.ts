// What the chat does after an automatic login: the action object's room id becomes a go-to-room action (seed
// section 4); a deep link it already names is kept. Loaded with AutoLogin only, so the deep-link feature (also an
// on-demand route) stays out of the login page's entry.
import { deepLinkActionObject } from '../../../core/navigation/deep-link.ts';

export function nextActionObject(rest: Record<string, string>): Record<string, string> | undefined {
  const roomId = rest.roomId?.trim();
  const next = roomId && !rest.deepLink ? deepLinkActionObject('gotoroom', new URLSearchParams({ roomId }).toString()) : rest;
  return Object.keys(next).length > 0 ? next : undefined;
}
