// A child's address (seed section 4: 'A grid-child build logs in from the action object'): the server's
// gridViewChildUrl with a single-use login token of this user (authentication/generatetoken, type WEBVIEW) and the
// room to open, read by the child's start page as its action object.
import { generateToken } from '@generated/api/authentication';
import { chatServices } from '../../../core/session/services.ts';

export type ChildUrl = { kind: 'ready'; url: string } | { kind: 'unavailable' } | { kind: 'failed' };

export async function childUrl(roomId: string): Promise<ChildUrl> {
  const { transport, loginName, clientConfig } = chatServices();
  const base = clientConfig?.gridViewChildUrl;
  if (!base) return { kind: 'unavailable' };
  const result = await generateToken(transport, {}).catch(() => null);
  if (!result?.ok) return { kind: 'failed' };
  const query = new URLSearchParams({ loginName, token: result.data.token, authTokenType: 'WEBVIEW', roomId });
  return { kind: 'ready', url: `${base}?${query.toString()}` };
}
