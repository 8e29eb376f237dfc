// The caller's own settings that are not privacy or profile: server data storage per message type and the voluntary
// password change.
import type { MessageTypeSize } from '../../../generated/types/index.ts';
import { isEnumValue, MessageTypeValues } from '../../../generated/types/enums.ts';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AuthenticatedSession } from '../../http/types.ts';
import { identity } from '../identity/index.ts';

export async function dataStorage(ctx: ServerContext, accountId: number): Promise<MessageTypeSize[]> {
  const sizes: MessageTypeSize[] = [];
  for (const row of await ctx.repos.accounts.dataStorage(accountId)) {
    if (isEnumValue(MessageTypeValues, row.messageType)) sizes.push({ ...row, messageType: row.messageType });
  }
  return sizes;
}

/** updatelocalpassword: this session stays; every other one ends. */
export async function changePassword(ctx: ServerContext, session: AuthenticatedSession, oldPassword: string, newPassword: string, remoteAddress: string): Promise<void> {
  const { login, sessions } = identity(ctx);
  const account = await login.checkPassword(session.loginName, oldPassword, { address: remoteAddress, deviceId: session.deviceId });
  if (!account || account.id !== session.accountId) throw new ApiError('UPDATE_FAIL');
  if (newPassword === oldPassword) throw new ApiError('UPDATE_FAIL', 'the new password must differ from the old one');
  await ctx.repos.accounts.setPassword(session.accountId, await login.hashNewPassword(newPassword, remoteAddress), false);
  await sessions.passwordChanged(session.accountId, session.sessionId);
}
