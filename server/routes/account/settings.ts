// The caller's settings: language, attachment download, server data storage, the voluntary password change.
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { selfOf } from '../../services/account/profile.ts';
import { changePassword, dataStorage } from '../../services/account/settings.ts';

export function settingHandlers(ctx: ServerContext) {
  return {
    updateAccountLangSetting: async ({ session, body }) => {
      await ctx.repos.accounts.setLangId(session.accountId, body.langId);
      return {};
    },
    getDownloadAttachSetting: async ({ session }) => ({ dlAttach: (await selfOf(ctx, session)).dlAttach }),
    updateDownloadAttachSetting: async ({ session, body }) => {
      await ctx.repos.accounts.setDlAttach(session.accountId, body.dlAttach);
      return {};
    },
    getDataStorage: async ({ session }) => ({ messageTypeSizes: await dataStorage(ctx, session.accountId) }),
    updateLocalPassword: async ({ session, body, remoteAddress }) => {
      await changePassword(ctx, session, body.oldPassword, body.newPassword, remoteAddress);
      return {};
    },
  } satisfies HandlerMap;
}
