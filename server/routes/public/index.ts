// Handlers of the public group (schema/endpoints/public.json): what a client needs before it has a session.
import { routes } from '../../../generated/server/routes.ts';
import type { AppVersionEntry, LoginRequest } from '../../../generated/types/index.ts';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { sameLoginName } from '../../identity/login-name.ts';
import { identity } from '../../services/identity/index.ts';
import type { LoginPayload } from '../../services/identity/login.ts';
import type { AppVersion } from '../../store/repos/appVersions.ts';

const sorted = (set: ReadonlySet<string>) => [...set].sort();

export function encryptionProfile(ctx: ServerContext) {
  return {
    isReqEncryptedList: sorted(ctx.encryption.requestEncrypted),
    isRespEncryptedList: sorted(ctx.encryption.responseEncrypted),
    defaultEncryptionAlgorithm: ctx.encryption.defaultEncryptionAlgorithm,
  };
}

function versionToWire(version: AppVersion): AppVersionEntry {
  return {
    versionId: String(version.id),
    versionNumber: version.versionNumber,
    ...(version.versionDescription !== null ? { versionDescription: version.versionDescription } : {}),
    ...(version.versionUpdateUrl !== null ? { versionUpdateUrl: version.versionUpdateUrl } : {}),
    appPlatform: version.appPlatform,
    ...(version.appPushPlatform !== null ? { appPushPlatform: version.appPushPlatform } : {}),
    ...(version.appDescription !== null ? { appDescription: version.appDescription } : {}),
  };
}

/** The login request as the login service reads it (the schema already checked the shape). */
function loginPayload(body: LoginRequest): LoginPayload {
  return {
    loginName: body.loginName,
    ...(body.password !== undefined ? { password: body.password } : {}),
    devicePubKey: body.devicePubKey,
    deviceID: body.deviceID,
    deviceInfo: { ...(body.deviceInfo ?? {}) },
  };
}

export function publicHandlers(ctx: ServerContext) {
  const { login, tokens, sessions } = identity(ctx);

  /** Token login shared by loginwithtoken and sso/login. */
  async function loginByToken(body: LoginRequest) {
    const { tokenData } = body;
    if (!tokenData?.token) throw new ApiError('TOKEN_INVALID', 'tokenData.token is required');
    const found = await tokens.find(tokenData);
    if (!found || found.accountId === null) throw new ApiError('TOKEN_INVALID');
    const owner = await ctx.repos.accounts.findById(found.accountId);
    // A token of another account is refused without being used up.
    if (!owner || !sameLoginName(owner.loginName, body.loginName)) throw new ApiError('TOKEN_INVALID');
    const used = await tokens.consume(tokenData.token, found);
    if (!used) throw new ApiError('TOKEN_INVALID');
    return login.tokenLogin(loginPayload(body), used.accountId);
  }

  return {
    async getPublicApplicationProfile() {
      return { ...encryptionProfile(ctx), mqSysName: ctx.config.mqSysName };
    },

    async getPathSecurity({ body }) {
      const path = `/${body.path.replace(/^\/+/, '')}`;
      const route = (routes as Record<string, { testOnly: boolean } | undefined>)[path];
      if (!route || (route.testOnly && !ctx.config.testMode)) throw new ApiError('UNKNOWN_CALL', path);
      const bare = path.slice(1);
      return {
        isReqEncrypted: ctx.encryption.requestEncrypted.has(bare),
        isResEncrypted: ctx.encryption.responseEncrypted.has(bare),
        defaultEncryptionAlgorithm: ctx.encryption.defaultEncryptionAlgorithm,
      };
    },

    async getAppVersions() {
      return { appVersions: (await ctx.repos.appVersions.list()).map(versionToWire) };
    },

    async checkAppVersion({ body }) {
      const newer = await ctx.repos.appVersions.newerThan(body.appPlatform, body.buildVersion);
      const forced = newer.filter((v) => v.isForceUpd);
      const deadlines = forced.flatMap((v) => (v.forceUpdDeadline ? [v.forceUpdDeadline.getTime()] : []));
      const newest = newer[0];
      return {
        appPlatform: body.appPlatform,
        appVersionItems: newer.map((v) => ({
          versionNumber: v.versionNumber,
          buildVersion: v.buildVersion,
          ...(v.versionDescription !== null ? { versionDesc: v.versionDescription } : {}),
        })),
        appUpdate: {
          isClearDb: newer.some((v) => v.isClearDb),
          isClearFile: newer.some((v) => v.isClearFile),
          isForceUpd: forced.length > 0,
          // The earliest deadline of any forced update the caller has not installed yet.
          ...(deadlines.length > 0 ? { forceUpdDeadline: Math.min(...deadlines) } : {}),
          ...(newest?.versionUpdateUrl ? { updUrl: newest.versionUpdateUrl } : {}),
        },
      };
    },

    async getUserPubKey({ body }) {
      // Known or not, every name gets a key (a decoy for unknown names), so the answer reveals no account.
      return { userPubKey: (await ctx.userKeys.keyPairFor(body.loginName)).publicKeyPem };
    },

    async login({ body, remoteAddress }) {
      if (body.isTokenBasedAuth || (!body.password && body.tokenData)) return loginByToken(body);
      return login.passwordLogin(loginPayload(body), remoteAddress);
    },

    async loginWithToken({ body }) {
      return loginByToken(body);
    },

    async ssoLogin({ body }) {
      // No external identity provider is configured: single sign-on hands over a token issued by this server.
      return loginByToken(body);
    },

    async getLoginNameByToken({ body }) {
      const found = await tokens.find(body.tokenData);
      if (!found || found.accountId === null) throw new ApiError('TOKEN_INVALID');
      const account = await ctx.repos.accounts.findById(found.accountId);
      if (!account || account.disabled) throw new ApiError('TOKEN_INVALID');
      return { loginName: account.loginName };
    },

    async updatePassword({ body, remoteAddress }) {
      const { loginName, oldPassword, newPassword, newConfirmPassword } = body;
      if (![loginName, oldPassword, newPassword, newConfirmPassword].every((v) => typeof v === 'string' && v.trim() !== '')) {
        throw new ApiError('VALIDATE_INFORMATION');
      }
      if (newPassword !== newConfirmPassword) throw new ApiError('PASSWORD_MISMATCH');
      const account = await login.checkPassword(loginName, oldPassword, { address: remoteAddress });
      if (!account) throw new ApiError('UPDATE_FAIL');
      if (newPassword === oldPassword) throw new ApiError('UPDATE_FAIL', 'the new password must differ from the old one');
      await ctx.repos.accounts.setPassword(account.id, await login.hashNewPassword(newPassword, remoteAddress), false);
      await sessions.passwordChanged(account.id, null);
      return {};
    },
  } satisfies HandlerMap;
}
