// Handlers of the authentication group (schema/endpoints/authentication.json): the session itself, login
// tokens for other devices and hosts, QR login, the application profile and remote wipe.
import { qrTokenTopic } from '../../../generated/realtime/index.ts';
import type { ProviderServices } from '../../../generated/types/index.ts';
import { GRID_CHILD_PATH } from '../../config.ts';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { chatbotStore } from '../../store/repos/chatbot.ts';
import { hashApiKey } from '../../store/repos/sessions.ts';
import { identity } from '../../services/identity/index.ts';
import { QR_REMAINING_COUNT, TOKEN_TTL_SECONDS } from '../../services/identity/tokens.ts';
import { encryptionProfile } from '../public/index.ts';

/** The random id a QR login page picks for /topic/qrtoken.{token}: safe inside a STOMP destination. */
const QR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** Seed section 5: upload image types, plus the preview types. */
export const SUPPORTED_FILE_TYPES = ['gif', 'jpeg', 'jpg', 'png', 'mp4', 'webm', 'ogg', 'pdf'];

/** One provider (PROVIDER_URL) answers every provider-backed service: with it all are offered, without it none. */
const providerServices = (configured: boolean): Required<ProviderServices> => ({
  translate: configured,
  readAloud: configured,
  aiPrompt: configured,
  voiceToText: configured,
  imageRecognition: configured,
});

export function clientConfig(ctx: ServerContext, chatbots: { chatbotId: string; name: { en_US: string; zh_TW: string; zh_CN: string } }[]) {
  return {
    supportedFileTypes: SUPPORTED_FILE_TYPES,
    chatbots,
    watermarkOpacity: 0.1,
    attachSize: ctx.config.attachSizeBytes,
    forceUpdateSkipPeriodDays: 7,
    presenceInfo: { onlineWindowSeconds: 300 },
    reqLoginMaxHour: ctx.config.sessionMaxIdleHours,
    allowDownloadAttachment: true,
    jsonCardKeyOrder: [],
    showAllUserBeforeSearch: true,
    isSupportAccountSynonym: true,
    isSupportAdvancedAccountSearch: true,
    isShowExportedMessageInWebClientSetting: true,
    videoMaximumDurationInSeconds: 300,
    bappsForChatroomList: ctx.config.businessApps ?? [],
    bappsForTab: ctx.config.businessApps ?? [],
    otherApplicationConfigs: {},
    room: { roomNameMaxLength: 25, roomNameBuffer: 5, roomListPageSize: 30, muteMaxHours: 336 },
    sdkConfigs: {},
    providerServices: providerServices(ctx.config.providerUrl !== null),
    ...(ctx.config.emailGroupMessageDomain ? { emailGroupMessageDomain: ctx.config.emailGroupMessageDomain } : {}),
    // The grid-child build, served beside a grid variant (server/app.ts).
    ...(ctx.config.gridChild ? { gridViewChildUrl: GRID_CHILD_PATH } : {}),
  };
}

export function authenticationHandlers(ctx: ServerContext) {
  const { tokens, sessions } = identity(ctx);

  return {
    async logout({ session }) {
      await sessions.logout(session.sessionId);
      return {};
    },

    async logoutOtherSession({ session, headers, body }) {
      const me = session;
      // The key named is the one that stays signed in: only the caller's own.
      if (body.apiKey !== headers.apiKey) throw new ApiError('FORBIDDEN', 'the api key is not this session\'s');
      await sessions.logoutOthers(me.accountId, me.sessionId, headers.apiKey ? hashApiKey(headers.apiKey) : undefined);
      return {};
    },

    async checkSession() {
      return {};
    },

    async generateToken({ session }) {
      const me = session;
      const result = await tokens.loginToken(me);
      return result;
    },

    async generateOtp({ session, body }) {
      return tokens.otp(session, body.type, body.refreshType);
    },

    async getNexToken({ session }) {
      return tokens.nextToken(session);
    },

    /**
     * A signed-in phone sends the token it read from a QR login page. The page, subscribed to
     * /topic/qrtoken.{token} on /v3/wslogin, receives a one-time AUTH_OTP and logs in with it.
     */
    async sendNexToken({ session, body }) {
      const me = session;
      if (!QR_TOKEN_PATTERN.test(body.token)) throw new ApiError('TOKEN_INVALID', 'not a QR login token');
      // Only a token a login page holds (bound to its /v3/wslogin connection) gets a one-time code, and only once.
      if (!(await ctx.repos.qrClaims.consume(body.token))) {
        throw new ApiError('TOKEN_INVALID', 'no login page shows this QR token, or it was used already');
      }
      const { otp } = await tokens.authOtp(me, body.token);
      await ctx.bus.publish(
        qrTokenTopic(body.token),
        JSON.stringify({
          notifyType: 'AUTH_OTP_GENERATED',
          senderId: String(me.accountId),
          dataId: body.token,
          data: { token: otp, type: 'AUTH_OTP', loginName: me.loginName },
        }),
        { 'content-type': 'application/json' },
      );
      return { statusMessage: 'success', resultType: 'AUTH_OTP', resultContent: body.token, loginName: me.loginName };
    },

    async getJwt({ session }) {
      const me = session;
      const { jwt, jwtExpiredInSeconds } = await tokens.jwt(me, me.loginName);
      // The QR token view of the same secret: how long it lives and how many refreshes the page has left.
      return { jwt, jwtExpiredInSeconds, token: jwt, ttl: TOKEN_TTL_SECONDS.JWT, remainingCount: QR_REMAINING_COUNT };
    },

    async getApplicationProfile() {
      // The same for every caller: chatbot names come in all three languages for the client to pick from.
      const chatbots = await chatbotStore(ctx.db).list();
      return {
        ...encryptionProfile(ctx),
        deviceRegistrationSetting: { maxDevices: 0, requireApproval: false },
        isSessCheckList: [],
        mqSysName: ctx.config.mqSysName,
        serverVersion: ctx.config.serverVersion,
        clientConfig: clientConfig(ctx, chatbots),
      };
    },

    async localActionCallback() {
      // The host's acknowledgement of an action the embedded client posted; nothing is kept.
      return {};
    },

    async remoteWipe({ session, body }) {
      // Only a device of the caller's own account; naming another's says nothing of it.
      if (!(await ctx.repos.sessions.hasDevice(session.accountId, body.deviceId))) throw new ApiError('NOT_FOUND', 'no such device of this account');
      await sessions.remoteWipe(session.accountId, body.deviceId);
      return {};
    },
  } satisfies HandlerMap;
}
