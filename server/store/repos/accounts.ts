// Accounts: directory data, display settings, privacy, do-not-disturb, presence, favourites, synonyms.
// The password hash never leaves this module except through getCredentials (login, password change).
import { normaliseLoginName } from '../../identity/login-name.ts';
import type { Queryable, Row } from '../db.ts';
import { idArray, onlyRow, textOrNull, toDate, toDateOrNull, toId, toIdOrNull, toStrings } from './convert.ts';

import type { FunctionRoleType, PrivacyVisibility, ReadReceiptSetting } from '../../../generated/types/index.ts';

export type { FunctionRoleType, PrivacyVisibility, ReadReceiptSetting };

export interface PrivacySettings {
  viewPresence: PrivacyVisibility;
  viewProfile: PrivacyVisibility;
  readReceipt: ReadReceiptSetting;
  isShowNameToGrpAcc: boolean;
  isShowNotiAtMention: boolean;
}

export interface DndSetting {
  /** The chosen do-not-disturb option (template id), null when off. */
  dnd: string | null;
  dndEndDate: Date | null;
  isMute: boolean;
}

export interface Account {
  id: number;
  tenantId: number;
  loginName: string;
  userFullname: string;
  emailAddr: string | null;
  faxNo: string | null;
  telNo: string | null;
  officeAddr: string | null;
  postTitle: string | null;
  accountObjectClass: string | null;
  isLocal: boolean;
  customDisplayName: string | null;
  searchName: string | null;
  langId: string;
  functionRoles: FunctionRoleType[];
  mustChangePassword: boolean;
  disabled: boolean;
  dlAttach: boolean;
  privacy: PrivacySettings;
  dnd: DndSetting;
  lastOnlineAt: Date | null;
  profileImgRef: number | null;
  profileImgTnRef: number | null;
  profileImgVisible: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewAccount {
  tenantId: number;
  loginName: string;
  userFullname: string;
  emailAddr?: string | null;
  faxNo?: string | null;
  telNo?: string | null;
  officeAddr?: string | null;
  postTitle?: string | null;
  accountObjectClass?: string | null;
  isLocal?: boolean;
  langId?: string;
  functionRoles?: FunctionRoleType[];
  passwordHash?: string | null;
  mustChangePassword?: boolean;
}

export interface Credentials {
  accountId: number;
  loginName: string;
  passwordHash: string | null;
  mustChangePassword: boolean;
  disabled: boolean;
}

/** The directory fields `updateaccountprofile` may change (seed: account profile display fields). */
export const PROFILE_FIELDS = {
  userFullname: 'user_fullname',
  emailAddr: 'email_addr',
  faxNo: 'fax_no',
  telNo: 'tel_no',
  officeAddr: 'office_addr',
  postTitle: 'post_title',
  accountObjectClass: 'account_object_class',
} as const;
export type ProfileField = keyof typeof PROFILE_FIELDS;

const PRIVACY_COLUMNS = {
  viewPresence: 'view_presence',
  viewProfile: 'view_profile',
  readReceipt: 'read_receipt',
  isShowNameToGrpAcc: 'is_show_name_to_grp_acc',
  isShowNotiAtMention: 'is_show_noti_at_mention',
} as const satisfies Record<keyof PrivacySettings, string>;

/** An account as a message's pushes see it (accounts.listForPush). */
export type PushAccount = Pick<Account, 'id' | 'userFullname' | 'customDisplayName' | 'dnd'>;

/** The columns a PushAccount is read from. */
export const PUSH_ACCOUNT_COLUMNS = ['id', 'user_fullname', 'custom_display_name', 'dnd', 'dnd_end_date', 'dnd_is_mute'] as const;

export function toPushAccount(r: Row): PushAccount {
  return {
    id: toId(r.id),
    userFullname: String(r.user_fullname),
    customDisplayName: textOrNull(r.custom_display_name),
    dnd: { dnd: textOrNull(r.dnd), dndEndDate: toDateOrNull(r.dnd_end_date), isMute: r.dnd_is_mute === true },
  };
}

export interface AccountPage {
  accounts: Account[];
  stillHaveData: boolean;
}

export interface AccountListQuery {
  tenantId?: number | null;
  /**
   * Matches login name, full name, custom display name or search name (case-insensitive substring), and, with
   * `synonymsOf`, that account's own synonyms for the people listed (no one else's).
   */
  filterOfName?: string | null;
  synonymsOf?: number | null;
  accountIds?: readonly number[] | null;
  /** Leave this account out (withSelfAccount false). */
  excludeAccountId?: number | null;
  includeDisabled?: boolean;
  offset?: number;
  limit: number;
}

// Every column except the password hash.
const COLUMNS = `id, tenant_id, login_name, user_fullname, email_addr, fax_no, tel_no, office_addr, post_title,
  account_object_class, is_local, custom_display_name, search_name, lang_id, function_roles, must_change_password,
  disabled, dl_attach, view_presence, view_profile, read_receipt, is_show_name_to_grp_acc, is_show_noti_at_mention,
  dnd, dnd_end_date, dnd_is_mute, last_online_at, profile_img_ref, profile_img_tn_ref, profile_img_visible,
  created_at, updated_at`;

function toAccount(r: Row): Account {
  return {
    id: toId(r.id),
    tenantId: toId(r.tenant_id),
    loginName: String(r.login_name),
    userFullname: String(r.user_fullname),
    emailAddr: textOrNull(r.email_addr),
    faxNo: textOrNull(r.fax_no),
    telNo: textOrNull(r.tel_no),
    officeAddr: textOrNull(r.office_addr),
    postTitle: textOrNull(r.post_title),
    accountObjectClass: textOrNull(r.account_object_class),
    isLocal: r.is_local === true,
    customDisplayName: textOrNull(r.custom_display_name),
    searchName: textOrNull(r.search_name),
    langId: String(r.lang_id),
    functionRoles: toStrings(r.function_roles) as FunctionRoleType[],
    mustChangePassword: r.must_change_password === true,
    disabled: r.disabled === true,
    dlAttach: r.dl_attach === true,
    privacy: {
      viewPresence: String(r.view_presence) as PrivacyVisibility,
      viewProfile: String(r.view_profile) as PrivacyVisibility,
      readReceipt: String(r.read_receipt) as ReadReceiptSetting,
      isShowNameToGrpAcc: r.is_show_name_to_grp_acc === true,
      isShowNotiAtMention: r.is_show_noti_at_mention === true,
    },
    dnd: { dnd: textOrNull(r.dnd), dndEndDate: toDateOrNull(r.dnd_end_date), isMute: r.dnd_is_mute === true },
    lastOnlineAt: toDateOrNull(r.last_online_at),
    profileImgRef: toIdOrNull(r.profile_img_ref),
    profileImgTnRef: toIdOrNull(r.profile_img_tn_ref),
    profileImgVisible: r.profile_img_visible === true,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  };
}

export function accountsRepo(q: Queryable) {
  /** Sets columns (names from the fixed maps above, never from callers) and returns the account. */
  async function update(id: number, columns: Record<string, unknown>): Promise<Account | null> {
    const names = Object.keys(columns);
    const sets = names.map((name, i) => `${name} = $${i + 2}`);
    const { rows } = await q.query(
      `UPDATE accounts SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, ...names.map((name) => columns[name])],
    );
    return rows[0] ? toAccount(rows[0]) : null;
  }

  return {
    async create(input: NewAccount): Promise<Account> {
      const { rows } = await q.query(
        `INSERT INTO accounts (tenant_id, login_name, user_fullname, email_addr, fax_no, tel_no, office_addr, post_title,
           account_object_class, is_local, lang_id, function_roles, password_hash, must_change_password, password_changed_at, login_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::text[], $13, $14, CASE WHEN $13::text IS NULL THEN NULL ELSE now() END, $15)
         RETURNING ${COLUMNS}`,
        [
          input.tenantId,
          input.loginName,
          input.userFullname,
          input.emailAddr ?? null,
          input.faxNo ?? null,
          input.telNo ?? null,
          input.officeAddr ?? null,
          input.postTitle ?? null,
          input.accountObjectClass ?? null,
          input.isLocal ?? true,
          input.langId ?? 'en_US',
          input.functionRoles ?? ['IM_USER'],
          input.passwordHash ?? null,
          input.mustChangePassword ?? false,
          normaliseLoginName(input.loginName),
        ],
      );
      return toAccount(onlyRow(rows));
    },

    /**
     * Start-up: gives rows written before 082_login_name_key.sql their login key. Returns the ids of accounts
     * that could not get one because another account already has the same normalised name (they cannot log in).
     */
    async fillMissingLoginKeys(): Promise<number[]> {
      const { rows } = await q.query('SELECT id, login_name FROM accounts WHERE login_key IS NULL ORDER BY id');
      const clashes: number[] = [];
      for (const r of rows) {
        const { rowCount } = await q.query(
          `UPDATE accounts SET login_key = $2 WHERE id = $1
             AND NOT EXISTS (SELECT 1 FROM accounts other WHERE other.login_key = $2)`,
          [r.id, normaliseLoginName(String(r.login_name))],
        );
        if (rowCount === 0) clashes.push(toId(r.id));
      }
      return clashes;
    },

    async findById(id: number): Promise<Account | null> {
      const { rows } = await q.query(`SELECT ${COLUMNS} FROM accounts WHERE id = $1`, [id]);
      return rows[0] ? toAccount(rows[0]) : null;
    },

    async findByLoginName(loginName: string): Promise<Account | null> {
      const { rows } = await q.query(`SELECT ${COLUMNS} FROM accounts WHERE login_key = $1`, [normaliseLoginName(loginName)]);
      return rows[0] ? toAccount(rows[0]) : null;
    },

    /** In the order of `ids`; unknown ids are left out. */
    /**
     * What a message's pushes need of the room's members, in one narrow read: the display names of `named` (the
     * sender) and every member whose Do Not Disturb is set; the other members are not read.
     */
    async listForPush(ids: readonly number[], named: readonly number[]): Promise<PushAccount[]> {
      if (ids.length === 0) return [];
      const { rows } = await q.query(
        `SELECT ${PUSH_ACCOUNT_COLUMNS.join(', ')} FROM accounts
         WHERE id = ANY($1::bigint[]) AND (id = ANY($2::bigint[]) OR dnd IS NOT NULL)`,
        [idArray(ids), idArray(named)],
      );
      return rows.map(toPushAccount);
    },

    async listByIds(ids: readonly number[]): Promise<Account[]> {
      if (ids.length === 0) return [];
      const { rows } = await q.query(`SELECT ${COLUMNS} FROM accounts WHERE id = ANY($1::bigint[])`, [idArray(ids)]);
      const byId = new Map(rows.map((r) => [toId(r.id), toAccount(r)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /**
     * Accounts by id with the viewer's own synonym for each (null when none), in one statement: room lists and room
     * details show both, and a page of rooms costs the same statements whatever it holds.
     */
    async listByIdsWithSynonyms(viewerId: number, ids: readonly number[]): Promise<{ account: Account; synonym: string | null }[]> {
      if (ids.length === 0) return [];
      const { rows } = await q.query(
        `SELECT ${COLUMNS}, (SELECT s.synonym FROM account_synonyms s WHERE s.account_id = $2 AND s.syn_account_id = accounts.id) AS viewer_synonym
         FROM accounts WHERE id = ANY($1::bigint[])`,
        [idArray(ids), viewerId],
      );
      const byId = new Map(rows.map((r) => [toId(r.id), { account: toAccount(r), synonym: r.viewer_synonym == null ? null : String(r.viewer_synonym) }]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** Directory listing ordered by display name, paged by offset (pageInfo). */
    async list(query: AccountListQuery): Promise<AccountPage> {
      const where: string[] = [];
      const params: unknown[] = [];
      const param = (value: unknown) => `$${params.push(value)}`;
      if (!query.includeDisabled) where.push('NOT disabled');
      if (query.tenantId != null) where.push(`tenant_id = ${param(query.tenantId)}`);
      if (query.excludeAccountId != null) where.push(`id <> ${param(query.excludeAccountId)}`);
      if (query.accountIds != null) where.push(`id = ANY(${param(idArray(query.accountIds))}::bigint[])`);
      if (query.filterOfName) {
        const like = param(`%${escapeLike(query.filterOfName.toLowerCase())}%`);
        const names = [`lower(login_name) LIKE ${like}`, `lower(user_fullname) LIKE ${like}`, `lower(coalesce(custom_display_name, '')) LIKE ${like}`, `lower(coalesce(search_name, '')) LIKE ${like}`];
        if (query.synonymsOf != null) names.push(synonymMatch(param(query.synonymsOf), 'accounts.id', like));
        where.push(`(${names.join(' OR ')})`);
      }
      // One row more than asked tells whether another page exists.
      const { rows } = await q.query(
        `SELECT ${COLUMNS} FROM accounts ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY lower(coalesce(custom_display_name, user_fullname)), id
         LIMIT ${param(query.limit + 1)} OFFSET ${param(query.offset ?? 0)}`,
        params,
      );
      return { accounts: rows.slice(0, query.limit).map(toAccount), stillHaveData: rows.length > query.limit };
    },

    async getCredentials(loginName: string): Promise<Credentials | null> {
      const { rows } = await q.query(
        'SELECT id, login_name, password_hash, must_change_password, disabled FROM accounts WHERE login_key = $1',
        [normaliseLoginName(loginName)],
      );
      const r = rows[0];
      if (!r) return null;
      return {
        accountId: toId(r.id),
        loginName: String(r.login_name),
        passwordHash: textOrNull(r.password_hash),
        mustChangePassword: r.must_change_password === true,
        disabled: r.disabled === true,
      };
    },

    async setPassword(id: number, passwordHash: string, mustChangePassword = false): Promise<void> {
      await q.query(
        `UPDATE accounts SET password_hash = $2, must_change_password = $3, password_changed_at = now(), updated_at = now()
         WHERE id = $1`,
        [id, passwordHash, mustChangePassword],
      );
    },

    updateProfileField(id: number, field: ProfileField, value: string | null): Promise<Account | null> {
      return update(id, { [PROFILE_FIELDS[field]]: value });
    },

    setCustomDisplayName: (id: number, name: string | null) => update(id, { custom_display_name: name }),
    setSearchName: (id: number, name: string | null) => update(id, { search_name: name }),
    setLangId: (id: number, langId: string) => update(id, { lang_id: langId }),
    setDlAttach: (id: number, dlAttach: boolean) => update(id, { dl_attach: dlAttach }),
    setDisabled: (id: number, disabled: boolean) => update(id, { disabled }),
    setFunctionRoles: (id: number, roles: FunctionRoleType[]) => update(id, { function_roles: roles }),

    updatePrivacy(id: number, changes: Partial<PrivacySettings>): Promise<Account | null> {
      const columns: Record<string, unknown> = {};
      for (const key of Object.keys(PRIVACY_COLUMNS) as (keyof PrivacySettings)[]) {
        if (changes[key] !== undefined) columns[PRIVACY_COLUMNS[key]] = changes[key];
      }
      return update(id, columns);
    },

    /** `null` removes do-not-disturb. */
    setDnd(id: number, dnd: DndSetting | null): Promise<Account | null> {
      return update(id, {
        dnd: dnd?.dnd ?? null,
        dnd_end_date: dnd?.dndEndDate ?? null,
        dnd_is_mute: dnd?.isMute ?? false,
      });
    },

    async touchLastOnline(id: number, at: Date = new Date()): Promise<void> {
      await q.query('UPDATE accounts SET last_online_at = $2 WHERE id = $1', [id, at]);
    },

    /** `null` refs remove the picture. */
    setProfileImage(id: number, image: { ref: number; tnRef: number; visible?: boolean } | null): Promise<Account | null> {
      return update(id, {
        profile_img_ref: image?.ref ?? null,
        profile_img_tn_ref: image?.tnRef ?? null,
        profile_img_visible: image?.visible ?? true,
      });
    },

    async addFavourites(id: number, favAccountIds: readonly number[]): Promise<void> {
      if (favAccountIds.length === 0) return;
      await q.query(
        `INSERT INTO account_favourites (account_id, fav_account_id)
         SELECT $1, f FROM unnest($2::bigint[]) AS f WHERE f <> $1
         ON CONFLICT DO NOTHING`,
        [id, idArray(favAccountIds)],
      );
    },

    async removeFavourites(id: number, favAccountIds: readonly number[]): Promise<void> {
      await q.query('DELETE FROM account_favourites WHERE account_id = $1 AND fav_account_id = ANY($2::bigint[])', [
        id,
        idArray(favAccountIds),
      ]);
    },

    async listFavouriteIds(id: number): Promise<number[]> {
      const { rows } = await q.query('SELECT fav_account_id FROM account_favourites WHERE account_id = $1 ORDER BY created_at, fav_account_id', [id]);
      return rows.map((r) => toId(r.fav_account_id));
    },

    /** Whether `viewerId` is in the favourites of `ownerId` (privacy FAVOURITE). */
    async isFavouriteOf(ownerId: number, viewerId: number): Promise<boolean> {
      const { rows } = await q.query('SELECT 1 FROM account_favourites WHERE account_id = $1 AND fav_account_id = $2', [ownerId, viewerId]);
      return rows.length > 0;
    },

    async setSynonym(id: number, synAccountId: number, synonym: string): Promise<void> {
      await q.query(
        `INSERT INTO account_synonyms (account_id, syn_account_id, synonym) VALUES ($1, $2, $3)
         ON CONFLICT (account_id, syn_account_id) DO UPDATE SET synonym = EXCLUDED.synonym, updated_at = now()`,
        [id, synAccountId, synonym],
      );
    },

    async removeSynonym(id: number, synAccountId: number): Promise<void> {
      await q.query('DELETE FROM account_synonyms WHERE account_id = $1 AND syn_account_id = $2', [id, synAccountId]);
    },

    async listSynonyms(id: number): Promise<{ synAccountId: number; synonym: string }[]> {
      const { rows } = await q.query('SELECT syn_account_id, synonym FROM account_synonyms WHERE account_id = $1 ORDER BY syn_account_id', [id]);
      return rows.map((r) => ({ synAccountId: toId(r.syn_account_id), synonym: String(r.synonym) }));
    },

    /** Directory search by field (advancedsearch): TEXT fields match any value as a substring, ids exactly. */
    async advancedSearch(query: {
      text: Partial<Record<AdvancedTextField, readonly string[]>>;
      tenantIds?: readonly number[] | null;
      excludeAccountIds?: readonly number[];
      /** The searcher: the Name criterion also matches their own synonyms for people (see synonymMatch). */
      synonymsOf?: number | null;
      offset?: number;
      limit: number;
    }): Promise<AccountPage> {
      const where: string[] = ['NOT disabled'];
      const params: unknown[] = [];
      const param = (value: unknown) => `$${params.push(value)}`;
      for (const [field, values] of Object.entries(query.text) as [AdvancedTextField, readonly string[]][]) {
        if (!values || values.length === 0) continue;
        const column = ADVANCED_TEXT_COLUMNS[field];
        const likes = values.map((v) => {
          const like = param(`%${escapeLike(v.toLowerCase())}%`);
          if (field !== 'userFullname') return `lower(coalesce(${column}, '')) LIKE ${like}`;
          // Name: every name the person goes by, as list()'s name filter (login name aside, a field of its own).
          const names = ADVANCED_NAME_COLUMNS.map((name) => `lower(coalesce(${name}, '')) LIKE ${like}`);
          if (query.synonymsOf != null) names.push(synonymMatch(param(query.synonymsOf), 'accounts.id', like));
          return `(${names.join(' OR ')})`;
        });
        where.push(`(${likes.join(' OR ')})`);
      }
      if (query.tenantIds && query.tenantIds.length > 0) where.push(`tenant_id = ANY(${param(idArray(query.tenantIds))}::bigint[])`);
      if (query.excludeAccountIds && query.excludeAccountIds.length > 0) {
        where.push(`NOT (id = ANY(${param(idArray(query.excludeAccountIds))}::bigint[]))`);
      }
      const { rows } = await q.query(
        `SELECT ${COLUMNS} FROM accounts WHERE ${where.join(' AND ')}
         ORDER BY lower(coalesce(custom_display_name, user_fullname)), id
         LIMIT ${param(query.limit + 1)} OFFSET ${param(query.offset ?? 0)}`,
        params,
      );
      return { accounts: rows.slice(0, query.limit).map(toAccount), stillHaveData: rows.length > query.limit };
    },

    /** getdatastorage: what the account's own messages hold on the server, by message type. */
    async dataStorage(id: number): Promise<{ messageType: string; count: number; totalSize: number }[]> {
      const { rows } = await q.query(
        `SELECT message_type, count(*) AS n,
           sum(coalesce(filesize, 0) + octet_length(coalesce(aes_message, '')) + octet_length(coalesce(aes_message_file_metadata, ''))) AS size
         FROM messages WHERE sender_id = $1 AND recalled_at IS NULL GROUP BY message_type ORDER BY message_type`,
        [id],
      );
      return rows.map((r) => ({ messageType: String(r.message_type), count: toId(r.n), totalSize: toId(r.size ?? 0) }));
    },

    /** Active chat accounts (not disabled, IM_USER) by normalised login name; unknown names are left out. */
    async activeChatIdsByLoginNames(names: readonly string[]): Promise<Map<string, number>> {
      if (names.length === 0) return new Map();
      const { rows } = await q.query(
        `SELECT id, login_key AS name FROM accounts
         WHERE login_key = ANY($1::text[]) AND NOT disabled AND 'IM_USER' = ANY(function_roles)`,
        [names.map(normaliseLoginName)],
      );
      return new Map(rows.map((r) => [String(r.name), toId(r.id)]));
    },

    /** Active chat accounts of a tenant, by id. */
    async activeChatIdsOfTenant(tenantId: number): Promise<number[]> {
      const { rows } = await q.query(
        `SELECT id FROM accounts WHERE tenant_id = $1 AND NOT disabled AND 'IM_USER' = ANY(function_roles) ORDER BY id`,
        [tenantId],
      );
      return rows.map((r) => toId(r.id));
    },

    async count(): Promise<number> {
      const { rows } = await q.query('SELECT count(*) AS n FROM accounts');
      return toId(onlyRow(rows).n);
    },
  };
}

export type AccountsRepo = ReturnType<typeof accountsRepo>;

/** The directory fields advancedsearch matches as text. */
export const ADVANCED_TEXT_COLUMNS = {
  loginName: 'login_name',
  userFullname: 'user_fullname',
  emailAddr: 'email_addr',
  telNo: 'tel_no',
  officeAddr: 'office_addr',
  postTitle: 'post_title',
  accountObjectClass: 'account_object_class',
} as const;
export type AdvancedTextField = keyof typeof ADVANCED_TEXT_COLUMNS;
/** What advancedsearch's Name field matches besides the searcher's own synonyms (docs/server.md, people search). */
const ADVANCED_NAME_COLUMNS = ['user_fullname', 'custom_display_name', 'search_name'] as const;

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * SQL: the viewer (`viewer`, a parameter) has a synonym for the account `accountColumn` that is LIKE `like` (a
 * lower-cased pattern parameter). Only the viewer's own row can match: one person's names for others never find
 * anyone for somebody else.
 */
export function synonymMatch(viewer: string, accountColumn: string, like: string): string {
  return `EXISTS (SELECT 1 FROM account_synonyms s WHERE s.account_id = ${viewer} AND s.syn_account_id = ${accountColumn} AND lower(s.synonym) LIKE ${like})`;
}
