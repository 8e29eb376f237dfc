// My profile: getaccountprofile, the names (display, search, synonyms), updateaccountprofile and the profile picture.
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { parseId, parseIds } from '../../http/wire-ids.ts';
import { profileImages, removeProfileImage, saveProfileImage } from '../../services/account/images.ts';
import { profileOf, setDisplayName, setSearchName, setSynonym, synonymsOf, updateProfile } from '../../services/account/profile.ts';

export function profileHandlers(ctx: ServerContext) {
  return {
    getAccountProfile: async ({ session }) => profileOf(ctx, session),
    updateCustomDisplayName: async ({ session, body }) => {
      await setDisplayName(ctx, session.accountId, body.customDisplayName);
      return {};
    },
    updateSearchName: async ({ session, body }) => {
      await setSearchName(ctx, session.accountId, body.searchName);
      return {};
    },
    updateAccountProfile: async ({ session, body }) => {
      await updateProfile(ctx, session, body.type, body.value);
      return {};
    },
    updateAccountSynonym: async ({ session, body }) => {
      await setSynonym(ctx, session.accountId, parseId(body.synAccountId, 'synAccountId'), body.synonym);
      return {};
    },
    removeAccountSynonym: async ({ session, body }) => {
      await ctx.repos.accounts.removeSynonym(session.accountId, parseId(body.synAccountId, 'synAccountId'));
      return {};
    },
    getAccountSynonyms: async ({ session }) => ({
      synonyms: await synonymsOf(ctx, session.accountId),
    }),
    getAccountProfileImage: async ({ session, body }) => ({
      profileImages: await profileImages(ctx, session.accountId, parseIds(body.accountIds, 'accountIds'), body.isFull === true),
    }),
    saveAccountProfileImage: async ({ session, body, files }) => {
      const part = files.find((f) => f.fieldName === 'file') ?? files[0];
      return saveProfileImage(ctx, session.accountId, part?.data ?? (body.imgData ? Buffer.from(body.imgData, 'base64') : null));
    },
    removeAccountProfileImage: async ({ session }) => {
      await removeProfileImage(ctx, session.accountId);
      return {};
    },
  } satisfies HandlerMap;
}
