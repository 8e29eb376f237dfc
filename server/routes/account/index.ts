// Handlers of the account group (schema/endpoints/account.json): the caller's profile and settings, the
// directory (lists, search, other accounts, tenants), favourites, synonyms, presence and profile pictures.
import type {
  AccountProfileAttribute,
  AccountProfileEditType,
  MessageTypeSize,
  OnlineStatus,
  ProfileImageEntry,
  RoomPolicyKey,
  SearchCriterion,
} from '../../../generated/types/index.ts';
import { isEnumValue, MessageTypeValues, RoomPolicyKeyValues } from '../../../generated/types/enums.ts';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import { parseId, parseIds } from '../../http/wire-ids.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import type { AuthenticatedSession } from '../../http/types.ts';
import { accountToWire, tenantToWire, viewerContext } from '../../services/identity/account-view.ts';
import { identity } from '../../services/identity/index.ts';
import { processProfileImage } from '../../services/identity/profile-image.ts';
import { saveBlob } from '../../store/blobs.ts';
import { repos } from '../../store/repos/index.ts';
import type { Account, AdvancedTextField, ProfileField, PrivacyVisibility } from '../../store/repos/accounts.ts';

/** updateaccountprofile carries every field in one `value`, so its validator cannot hold these limits (updateCustomDisplayName's and updateSearchName's do). */
const DISPLAY_NAME_MAX = 30;
const SEARCH_NAME_MAX = 25;
/** Seed section 9: account list page 30. */
export const ACCOUNT_PAGE_SIZE = 30;
/** An account counts as online while one of its sessions was used this recently. */
export const ONLINE_WINDOW_MS = 5 * 60_000;
/** Longest accepted value of a directory field. */
const PROFILE_VALUE_MAX = 256;

/** updateaccountprofile types that change a directory field (local accounts only). */
const DIRECTORY_FIELDS: Partial<Record<AccountProfileEditType, ProfileField>> = {
  NAME: 'userFullname',
  EMAIL: 'emailAddr',
  FAX: 'faxNo',
  TEL: 'telNo',
  OFFICE_ADDRESS: 'officeAddr',
  POST_TITLE: 'postTitle',
  OBJECT_CLASS: 'accountObjectClass',
};

/** The profile page's fields in display order, and whether this account may edit each. */
function profileAttributes(account: Account): AccountProfileAttribute[] {
  const order: [AccountProfileEditType, string][] = [
    ['DISPLAY_NAME', 'customDisplayName'],
    ['SEARCH_NAME', 'searchName'],
    ['NAME', 'userFullname'],
    ['LOGIN_NAME', 'loginName'],
    ['EMAIL', 'emailAddr'],
    ['TEL', 'telNo'],
    ['FAX', 'faxNo'],
    ['OFFICE_ADDRESS', 'officeAddr'],
    ['POST_TITLE', 'postTitle'],
    ['TENANT', 'tenantFullname'],
  ];
  return order.map(([type, field], i) => ({
    type,
    field,
    isEditable: type === 'DISPLAY_NAME' || type === 'SEARCH_NAME' || (account.isLocal && DIRECTORY_FIELDS[type] !== undefined),
    seq: i + 1,
  }));
}


/**
 * A name the caller types, trimmed: blank or longer than `max` is the seed's 'Please check the name length'. The
 * calls that name the field have the validators check the maximum (NAME_LENGTH too, `x-error` in the schema).
 */
function checkedName(value: string, max = Number.POSITIVE_INFINITY): string {
  const name = value.trim();
  if (name.length === 0 || [...name].length > max) throw new ApiError('NAME_LENGTH', `1 to ${max} characters`);
  return name;
}

export function accountHandlers(ctx: ServerContext) {
  const { login, sessions } = identity(ctx);

  async function self(session: AuthenticatedSession): Promise<Account> {
    const account = await ctx.repos.accounts.findById(session.accountId);
    if (!account) throw new ApiError('SESSION_EXPIRED');
    return account;
  }

  /** Whether `viewerId` may see what `setting` guards on `owner` (privacy: ALL, FAVOURITE, NONE). */
  async function visibleTo(owner: Account, viewerId: number, setting: PrivacyVisibility): Promise<boolean> {
    if (owner.id === viewerId || setting === 'ALL') return true;
    if (setting === 'NONE') return false;
    return ctx.repos.accounts.isFavouriteOf(owner.id, viewerId);
  }

  /** The accounts that see this one: its own sessions and the members of its rooms. */
  async function audienceOf(accountId: number): Promise<number[]> {
    const audience = new Set<number>([accountId]);
    for (const roomId of await ctx.repos.members.activeRoomIdsOf(accountId)) {
      for (const id of await ctx.repos.members.activeAccountIds(roomId)) audience.add(id);
    }
    return [...audience];
  }

  async function profileChanged(account: Account): Promise<void> {
    const view = await viewerContext(ctx, account.id);
    await ctx.notifier.toAccounts(await audienceOf(account.id), {
      notifyType: 'USER_PROFILE_UPDATE',
      senderId: String(account.id),
      dataId: String(account.id),
      data: { ...accountToWire(account, { ...view, favourites: new Set(), synonyms: new Map() }) },
    });
  }

  async function imageEntry(owner: Account, viewerId: number, isFull: boolean): Promise<ProfileImageEntry> {
    const visible = await visibleTo(owner, viewerId, owner.privacy.viewProfile);
    const entry: ProfileImageEntry = { accountId: String(owner.id), visible: visible && owner.profileImgVisible };
    if (!entry.visible || owner.profileImgTnRef === null) return entry;
    const read = async (ref: number | null) => {
      const blob = ref === null ? null : await ctx.repos.blobs.findById(ref);
      return blob ? (await ctx.blobs.read(blob.path)).toString('base64') : undefined;
    };
    const img_tn = await read(owner.profileImgTnRef);
    if (img_tn) entry.img_tn = img_tn;
    if (isFull) {
      const img = await read(owner.profileImgRef);
      if (img) entry.img = img;
    }
    return entry;
  }

  async function existingAccountIds(ids: readonly number[]): Promise<number[]> {
    const found = await ctx.repos.accounts.listByIds(ids);
    return found.filter((a) => !a.disabled).map((a) => a.id);
  }

  return {
    async getAccountProfile({ session }) {
      const account = await self(session);
      const me = session;
      const [view, tenant, logins, defaults] = await Promise.all([
        viewerContext(ctx, account.id),
        ctx.repos.tenants.findById(account.tenantId),
        ctx.repos.sessions.recentLogins(account.id, 2),
        ctx.repos.policies.listDefaults(),
      ]);
      // The last login before this session, or this one when it is the first.
      const previous = logins.find((s) => s.id !== me.sessionId) ?? logins[0];
      const deviceType = previous?.deviceInfo.deviceType;
      const allowed = new Set<RoomPolicyKey>();
      for (const policy of defaults) if (policy.allowEdit && isEnumValue(RoomPolicyKeyValues, policy.attr)) allowed.add(policy.attr);
      return {
        accountInfo: accountToWire(account, view),
        functionRoleTypes: account.functionRoles,
        ...(tenant ? { tenantInfo: tenantToWire(tenant) } : {}),
        dlAttach: account.dlAttach,
        logInfo: {
          ...(previous ? { lastLoginTime: previous.createdAt.getTime() } : {}),
          ...(typeof deviceType === 'string' ? { lastLoginDeviceType: deviceType } : {}),
        },
        housekeepTimestamp: ctx.now().getTime(),
        allowedRoomPolicies: [...allowed],
        accountProfileAttribute: profileAttributes(account),
      };
    },

    async getAccountList({ session, body }) {
      const me = session;
      const pageSize = Math.min(body.pageInfo.pageSize || ACCOUNT_PAGE_SIZE, 200);
      const page = await ctx.repos.accounts.list({
        tenantId: body.tenantId !== undefined ? parseId(body.tenantId, 'tenantId') : null,
        filterOfName: body.filterOfName?.trim() || null,
        accountIds: body.accountIds ? parseIds(body.accountIds, 'accountIds') : null,
        excludeAccountId: body.withSelfAccount ? null : me.accountId,
        offset: (body.pageInfo.pageNo - 1) * pageSize,
        limit: pageSize,
      });
      const view = await viewerContext(ctx, me.accountId);
      return { accounts: page.accounts.map((a) => accountToWire(a, view)), stillHaveData: page.stillHaveData };
    },

    async getOtherAccountInfo({ session, body }) {
      const me = session;
      const accounts = await ctx.repos.accounts.listByIds(parseIds(body.accountIds, 'accountIds'));
      const view = await viewerContext(ctx, me.accountId);
      return { accounts: accounts.filter((a) => !a.disabled).map((a) => accountToWire(a, view)) };
    },

    async verifyAuthorizedAccount({ session, body }) {
      const me = session;
      const ids = parseIds(body.accountIds, 'accountIds');
      const authorised = (await ctx.repos.accounts.listByIds(ids)).filter((a) => !a.disabled && a.functionRoles.includes('IM_USER'));
      const pageSize = Math.min(body.pageInfo?.pageSize ?? ACCOUNT_PAGE_SIZE, 200);
      const start = ((body.pageInfo?.pageNo ?? 1) - 1) * pageSize;
      const view = await viewerContext(ctx, me.accountId);
      return {
        accounts: authorised.slice(start, start + pageSize).map((a) => accountToWire(a, view)),
        stillHaveData: authorised.length > start + pageSize,
      };
    },

    async getTenants() {
      return { tenants: (await ctx.repos.tenants.list()).map(tenantToWire) };
    },

    async updateAccountLangSetting({ session, body }) {
      await ctx.repos.accounts.setLangId(session.accountId, body.langId);
      return {};
    },

    async checkAccountOnlineStatus({ session, body }) {
      const me = session;
      const now = ctx.now();
      const accounts = await ctx.repos.accounts.listByIds(parseIds(body.accountIds, 'accountIds'));
      const lastSeen = await ctx.repos.sessions.lastSeenOfAccounts(accounts.map((a) => a.id), now);
      const onlineStatuses: OnlineStatus[] = [];
      for (const account of accounts) {
        const accountName = account.customDisplayName ?? account.userFullname;
        if (!(await visibleTo(account, me.accountId, account.privacy.viewPresence))) {
          // viewPresence hides presence and last-online time from this viewer.
          onlineStatuses.push({ accountId: String(account.id), online: false, accountName });
          continue;
        }
        const seen = lastSeen.get(account.id);
        const times = [seen?.getTime(), account.lastOnlineAt?.getTime()].filter((t): t is number => t !== undefined);
        const lastOnlineTime = times.length > 0 ? Math.max(...times) : undefined;
        onlineStatuses.push({
          accountId: String(account.id),
          online: !account.disabled && seen !== undefined && now.getTime() - seen.getTime() <= ONLINE_WINDOW_MS,
          accountName,
          ...(lastOnlineTime !== undefined ? { lastOnlineTime } : {}),
        });
      }
      return { onlineStatuses };
    },

    async getAccountPrivacy({ session }) {
      return { ...(await self(session)).privacy };
    },

    async updateAccountPrivacyReadReceipt({ session, body }) {
      await ctx.repos.accounts.updatePrivacy(session.accountId, { readReceipt: body.readReceipt });
      return {};
    },

    async updateAccountPrivacyViewPresence({ session, body }) {
      await ctx.repos.accounts.updatePrivacy(session.accountId, { viewPresence: body.viewPresence });
      return {};
    },

    async updateAccountPrivacyViewProfile({ session, body }) {
      await ctx.repos.accounts.updatePrivacy(session.accountId, { viewProfile: body.viewProfile });
      return {};
    },

    async updateAccountPrivacyIsShowNameToGrpAcc({ session, body }) {
      await ctx.repos.accounts.updatePrivacy(session.accountId, { isShowNameToGrpAcc: body.isShowNameToGrpAcc });
      return {};
    },

    async updateAccountPrivacyIsShowNotiAtMention({ session, body }) {
      await ctx.repos.accounts.updatePrivacy(session.accountId, { isShowNotiAtMention: body.isShowNotiAtMention });
      return {};
    },

    async updateCustomDisplayName({ session, body }) {
      const name = checkedName(body.customDisplayName);
      const account = await ctx.repos.accounts.setCustomDisplayName(session.accountId, name);
      if (account) await profileChanged(account);
      return {};
    },

    async updateSearchName({ session, body }) {
      const name = checkedName(body.searchName);
      const account = await ctx.repos.accounts.setSearchName(session.accountId, name);
      if (account) await profileChanged(account);
      return {};
    },

    async updateAccountSynonym({ session, body }) {
      const me = session;
      const synonym = checkedName(body.synonym);
      const target = parseId(body.synAccountId, 'synAccountId');
      if ((await existingAccountIds([target])).length === 0) throw new ApiError('NOT_FOUND', 'no such account');
      await ctx.repos.accounts.setSynonym(me.accountId, target, synonym);
      return {};
    },

    async removeAccountSynonym({ session, body }) {
      await ctx.repos.accounts.removeSynonym(session.accountId, parseId(body.synAccountId, 'synAccountId'));
      return {};
    },

    async addAccountFavContact({ session, body }) {
      const me = session;
      const ids = (await existingAccountIds(parseIds(body.accountIds, 'accountIds'))).filter((id) => id !== me.accountId);
      if (ids.length === 0) throw new ApiError('NOT_FOUND', 'no such account');
      await ctx.repos.accounts.addFavourites(me.accountId, ids);
      return {};
    },

    async removeAccountFavContact({ session, body }) {
      await ctx.repos.accounts.removeFavourites(session.accountId, parseIds(body.accountIds, 'accountIds'));
      return {};
    },

    async getDownloadAttachSetting({ session }) {
      return { dlAttach: (await self(session)).dlAttach };
    },

    async updateDownloadAttachSetting({ session, body }) {
      await ctx.repos.accounts.setDlAttach(session.accountId, body.dlAttach);
      return {};
    },

    async updateLocalPassword({ session, body, remoteAddress }) {
      const me = session;
      const account = await login.checkPassword(me.loginName, body.oldPassword, { address: remoteAddress, deviceId: me.deviceId });
      if (!account || account.id !== me.accountId) throw new ApiError('UPDATE_FAIL');
      if (body.newPassword === body.oldPassword) throw new ApiError('UPDATE_FAIL', 'the new password must differ from the old one');
      await ctx.repos.accounts.setPassword(me.accountId, await login.hashNewPassword(body.newPassword, remoteAddress), false);
      // This session stays; every other one ends.
      await sessions.passwordChanged(me.accountId, me.sessionId);
      return {};
    },

    async getDataStorage({ session }) {
      const rows = await ctx.repos.accounts.dataStorage(session.accountId);
      const messageTypeSizes: MessageTypeSize[] = [];
      for (const row of rows) if (isEnumValue(MessageTypeValues, row.messageType)) messageTypeSizes.push({ ...row, messageType: row.messageType });
      return { messageTypeSizes };
    },

    async updateAccountProfile({ session, body }) {
      const account = await self(session);
      let updated: Account | null;
      if (body.type === 'DISPLAY_NAME') {
        updated = await ctx.repos.accounts.setCustomDisplayName(account.id, checkedName(body.value, DISPLAY_NAME_MAX));
      } else if (body.type === 'SEARCH_NAME') {
        updated = await ctx.repos.accounts.setSearchName(account.id, checkedName(body.value, SEARCH_NAME_MAX));
      } else {
        const field = DIRECTORY_FIELDS[body.type];
        // Login name and tenant never change here; directory-sourced accounts keep the directory's data.
        if (!field || !account.isLocal) throw new ApiError('FORBIDDEN', `${body.type} cannot be changed`);
        const value = body.value.trim();
        if (value.length > PROFILE_VALUE_MAX) throw new ApiError('INVALID_INPUT', `at most ${PROFILE_VALUE_MAX} characters`);
        if (field === 'userFullname' && value.length === 0) throw new ApiError('VALIDATE_INFORMATION', 'the name is required');
        if (field === 'emailAddr' && value !== '' && !/^[^\s@]+@[^\s@]+$/.test(value)) {
          throw new ApiError('INVALID_INPUT', 'not an e-mail address');
        }
        updated = await ctx.repos.accounts.updateProfileField(account.id, field, value === '' ? null : value);
      }
      if (updated) await profileChanged(updated);
      return {};
    },

    async getAccountProfileImage({ session, body }) {
      const me = session;
      const accounts = await ctx.repos.accounts.listByIds(parseIds(body.accountIds, 'accountIds'));
      const profileImages: ProfileImageEntry[] = [];
      for (const account of accounts) profileImages.push(await imageEntry(account, me.accountId, body.isFull === true));
      return { profileImages };
    },

    async saveAccountProfileImage({ session, body, files }) {
      const me = session;
      const part = files.find((f) => f.fieldName === 'file') ?? files[0];
      const input = part?.data ?? (body.imgData ? Buffer.from(body.imgData, 'base64') : null);
      if (!input || input.length === 0) throw new ApiError('VALIDATE_INFORMATION', 'a file part or imgData is required');
      if (input.length > ctx.config.attachSizeBytes) throw new ApiError('TOO_LARGE');
      const image = await processProfileImage(input);
      const maxBytes = ctx.config.attachSizeBytes;
      const account = await ctx.db.transaction(async (tx) => {
        const full = await saveBlob(ctx.blobs, tx, image.full, { contentType: image.contentType, maxBytes });
        const thumbnail = await saveBlob(ctx.blobs, tx, image.thumbnail, { contentType: image.contentType, maxBytes });
        return repos(tx).accounts.setProfileImage(me.accountId, { ref: full.id, tnRef: thumbnail.id, visible: true });
      });
      if (!account) throw new ApiError('SESSION_EXPIRED');
      await ctx.notifier.toAccounts(await audienceOf(me.accountId), {
        notifyType: 'ACCOUNT_PROFILE_IMAGE_UPDATE',
        senderId: String(me.accountId),
        dataId: String(me.accountId),
        data: { accountId: String(me.accountId), visible: true },
      });
      return {
        accountId: String(me.accountId),
        img: image.full.toString('base64'),
        img_tn: image.thumbnail.toString('base64'),
        visible: true,
      };
    },

    async removeAccountProfileImage({ session }) {
      const me = session;
      await ctx.repos.accounts.setProfileImage(me.accountId, null);
      await ctx.notifier.toAccounts(await audienceOf(me.accountId), {
        notifyType: 'ACCOUNT_PROFILE_IMAGE_UPDATE',
        senderId: String(me.accountId),
        dataId: String(me.accountId),
        data: { accountId: String(me.accountId), visible: false },
      });
      return {};
    },

    async getAdvancedAccountSearchCriteria() {
      const tenants = await ctx.repos.tenants.list();
      const label = (en: string, tw: string, cn: string) => ({ en_US: en, zh_TW: tw, zh_CN: cn });
      const searchCriteria: SearchCriterion[] = [
        { fieldName: 'userFullname', display: label('Name', '姓名', '姓名'), type: 'TEXT', seq: 1, isAllowMultiSelect: false },
        { fieldName: 'loginName', display: label('Login Name', '登入名稱', '登录名称'), type: 'TEXT', seq: 2, isAllowMultiSelect: false },
        { fieldName: 'postTitle', display: label('Post Title', '職位', '职位'), type: 'TEXT', seq: 3, isAllowMultiSelect: false },
        { fieldName: 'officeAddr', display: label('Office Address', '辦公地址', '办公地址'), type: 'TEXT', seq: 4, isAllowMultiSelect: false },
        { fieldName: 'emailAddr', display: label('Email', '電郵', '电邮'), type: 'TEXT', seq: 5, isAllowMultiSelect: false },
        { fieldName: 'telNo', display: label('Tel', '電話', '电话'), type: 'TEXT', seq: 6, isAllowMultiSelect: false },
        {
          fieldName: 'tenantId',
          display: label('Department Name', '部門名稱', '部门名称'),
          type: 'SELECT',
          seq: 7,
          isAllowMultiSelect: true,
          options: tenants.map((t) => {
            const name = t.fullnameDisplay ?? t.fullname;
            return { value: String(t.id), display: label(name, name, name) };
          }),
        },
      ];
      return { searchCriteria };
    },

    async advancedSearch({ session, body }) {
      const me = session;
      const text: Partial<Record<AdvancedTextField, string[]>> = {};
      let tenantIds: number[] | null = null;
      const textFields = new Set<string>(['userFullname', 'loginName', 'postTitle', 'officeAddr', 'emailAddr', 'telNo']);
      for (const criterion of body.searchCriteria) {
        const values = criterion.values.map((v) => v.trim()).filter((v) => v !== '');
        if (criterion.fieldName === 'tenantId') tenantIds = [...(tenantIds ?? []), ...parseIds(values, 'tenantId')];
        else if (textFields.has(criterion.fieldName)) text[criterion.fieldName as AdvancedTextField] = values;
        else throw new ApiError('INVALID_INPUT', `unknown search field ${criterion.fieldName}`);
      }
      // Searching to add people to a room leaves out those already in it.
      const exclude = [me.accountId];
      if (body.roomId !== undefined) {
        const roomId = parseId(body.roomId, 'roomId');
        if (await ctx.repos.members.isActiveMember(roomId, me.accountId)) exclude.push(...(await ctx.repos.members.activeAccountIds(roomId)));
      }
      const page = await ctx.repos.accounts.advancedSearch({ text, tenantIds, excludeAccountIds: exclude, limit: ACCOUNT_PAGE_SIZE });
      const view = await viewerContext(ctx, me.accountId);
      return { accounts: page.accounts.map((a) => accountToWire(a, view)), stillHaveData: page.stillHaveData };
    },
  } satisfies HandlerMap;
}
