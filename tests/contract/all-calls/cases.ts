// The table of the all-calls contract test: every call of the contract once, in an order in which each
// can succeed (create before read, read before delete; the calls that end sessions last), each with the
// body builder of a valid request, the client that makes it, and what it hands on to later calls.
import { randomUUID } from 'node:crypto';
import { expect, vi } from 'vitest';
import { listen } from '../../support/stomp-listener.ts';
import type { ApiResult, CallOptions } from '../../../generated/api/client.ts';
import { qrTokenTopic } from '../../../generated/realtime/index.ts';
import type { EndpointName, EndpointRequest, EndpointResponse } from '../../../generated/api/endpoints.ts';
import { encryptAes } from '../../../server/crypto/aes.ts';
import type { TestApi } from '../../support/node-transport.ts';
import { TEST_PASSWORD } from '../../support/test-server.ts';
import { NEW_PASSWORD, NEWER_PASSWORD, type World } from './world.ts';

export interface Case {
  name: EndpointName;
  run(world: World): Promise<ApiResult<unknown>>;
}

type Maybe<T> = T | Promise<T>;

interface StepOptions<N extends EndpointName> {
  /** Who calls (default: the admin's main session); asked after the body is built. */
  as?: (w: World) => Maybe<TestApi>;
  /** File parts of a multipart call. */
  files?: (w: World) => Maybe<Blob[]>;
  /** Runs before the call: fixtures the call needs that no earlier call of the table produces. */
  before?: (w: World) => Promise<void>;
  /** Keeps what later calls need. */
  keep?: (data: EndpointResponse<N>, w: World) => Maybe<void>;
}

function step<N extends EndpointName>(name: N, body: (w: World) => Maybe<EndpointRequest<N>>, options: StepOptions<N> = {}): Case {
  return {
    name,
    async run(w) {
      await options.before?.(w);
      // The body first: a login body builder prepares the client (user key, device key) that sends it.
      const request = await body(w);
      const api = options.as ? await options.as(w) : w.main;
      const call = api[name] as unknown as (body: EndpointRequest<N>, options?: CallOptions) => Promise<ApiResult<EndpointResponse<N>>>;
      const files = options.files ? await options.files(w) : undefined;
      const result = await call(request, files ? { files } : undefined);
      if (result.ok && options.keep) await options.keep(result.data, w);
      return result;
    },
  };
}

const empty = () => ({});
const page = { pageNo: 1, pageSize: 30 };
const inRoom = (w: World) => ({ roomId: w.ref('room') });
const png = (w: World, name = 'ward-map.png') => [new File([new Uint8Array(w.png)], name, { type: 'image/png' })];

/** Background work (archives, the private album) shows within a few seconds. */
const BACKGROUND_WORK = { timeout: 10_000, interval: 100 };

const deviceInfo = { deviceType: 'WEB', appPlatform: 'WEB', appPushPlatform: 'WS', buildVersion: '18' };

export const cases: readonly Case[] = [
  // Public calls, before any session.
  step('getAppVersions', empty, { as: (w) => w.anonymous() }),
  step('checkAppVersion', () => ({ appPlatform: 'WEB', buildVersion: 18 }), { as: (w) => w.anonymous() }),
  step('getPublicApplicationProfile', empty, { as: (w) => w.anonymous() }),
  step('getPathSecurity', () => ({ path: '/chat/sec/message/sendaesmessage' }), { as: (w) => w.anonymous() }),
  step('getUserPubKey', () => ({ loginName: 'admin' }), { as: (w) => w.anonymous() }),
  step(
    'login',
    async (w) => {
      const devicePubKey = await w.prepareLogin('admin');
      return { loginName: 'admin', password: TEST_PASSWORD, devicePubKey, deviceID: randomUUID(), deviceInfo };
    },
    { as: (w) => w.loginApi() },
  ),

  // Test-only crypto (the server runs in test mode).
  step('testGenerateKeyPair', empty, { keep: (d, w) => (w.set('publicKeyPem', d.publicKeyPem), w.set('privateKeyPem', d.privateKeyPem)) }),
  step('testEncrypt', (w) => ({ publicKeyPem: w.ref('publicKeyPem'), plainText: 'ward round at nine' }), { keep: (d, w) => w.set('cryptoText', d.cryptoText) }),
  step('testDecrypt', (w) => ({ privateKeyPem: w.ref('privateKeyPem'), cryptoText: w.ref('cryptoText') })),
  step('testSign', (w) => ({ privateKeyPem: w.ref('privateKeyPem'), plainText: 'sign me' }), { keep: (d, w) => w.set('signature', d.signature) }),
  step('testVerify', (w) => ({ publicKeyPem: w.ref('publicKeyPem'), plainText: 'sign me', signature: w.ref('signature') })),

  // Session, profile and tokens.
  step('checkSession', empty),
  step('getApplicationProfile', empty),
  step('localActionCallback', () => ({ type: 'OPEN_URL', payload: { url: 'https://intranet.example.org/' }, options: {} })),
  step('generateToken', empty, { keep: (d, w) => w.set('token', d.token) }),
  step('getLoginNameByToken', (w) => ({ tokenData: { token: w.ref('token') } }), { as: (w) => w.anonymous() }),
  step(
    'loginWithToken',
    async (w) => {
      const devicePubKey = await w.prepareLogin('admin');
      return { loginName: 'admin', devicePubKey, deviceID: randomUUID(), isTokenBasedAuth: true, tokenData: { token: w.ref('token'), type: 'SSO' } };
    },
    { as: (w) => w.loginApi() },
  ),
  step('generateOtp', () => ({ type: 'WEBVIEW' })),
  step('getNexToken', empty, { keep: (d, w) => w.set('nexToken', d.token) }),
  step(
    'ssoLogin',
    async (w) => {
      const devicePubKey = await w.prepareLogin('admin');
      return { loginName: 'admin', devicePubKey, deviceID: randomUUID(), isTokenBasedAuth: true, tokenData: { token: w.ref('nexToken'), type: 'NEXTOKEN' } };
    },
    { as: (w) => w.loginApi() },
  ),
  step('getJwt', empty),
  // A QR token is accepted only while a login page holds it (docs/security.md, finding 10): the page subscribes
  // to its topic on the login socket first, as the web client's QR login does.
  step('sendNexToken', (w) => ({ token: w.ref('qrToken') }), {
    before: async (w) => {
      const token = randomUUID().replace(/-/g, '');
      w.set('qrToken', token);
      const page = await listen(w.server.url, null, qrTokenTopic(token));
      w.closeLater(() => page.close());
    },
  }),

  // Account.
  step('getAccountProfile', empty),
  step('getAccountList', () => ({ pageInfo: page, filterOfName: 'a', withSelfAccount: true })),
  step('getOtherAccountInfo', (w) => ({ accountIds: [w.alice.accountId] })),
  step('verifyAuthorizedAccount', (w) => ({ pageInfo: page, accountIds: [w.alice.accountId, w.carol.accountId] })),
  step('checkAccountOnlineStatus', (w) => ({ accountIds: [w.alice.accountId] })),
  step('addAccountFavContact', (w) => ({ accountIds: [w.alice.accountId] })),
  step('removeAccountFavContact', (w) => ({ accountIds: [w.alice.accountId] })),
  step('updateAccountLangSetting', () => ({ langId: 'en_US' })),
  step('getDataStorage', empty),
  step('updateDownloadAttachSetting', () => ({ dlAttach: true })),
  step('getDownloadAttachSetting', empty),
  step('updateAccountPrivacyReadReceipt', () => ({ readReceipt: 'YES' })),
  step('updateAccountPrivacyViewPresence', () => ({ viewPresence: 'ALL' })),
  step('updateAccountPrivacyViewProfile', () => ({ viewProfile: 'ALL' })),
  step('updateAccountPrivacyIsShowNameToGrpAcc', () => ({ isShowNameToGrpAcc: true })),
  step('updateAccountPrivacyIsShowNotiAtMention', () => ({ isShowNotiAtMention: true })),
  step('getAccountPrivacy', empty),
  step('updateAccountProfile', () => ({ type: 'POST_TITLE', field: 'postTitle', value: 'Chat Service Administrator' })),
  step('updateAccountSynonym', (w) => ({ synAccountId: w.alice.accountId, synonym: 'Ward lead' })),
  step('getAccountSynonyms', empty),
  step('removeAccountSynonym', (w) => ({ synAccountId: w.alice.accountId })),
  step('updateCustomDisplayName', () => ({ customDisplayName: 'Sys Admin' })),
  step('updateSearchName', () => ({ searchName: 'sysadmin' })),
  step('getAdvancedAccountSearchCriteria', empty),
  step('advancedSearch', () => ({ searchCriteria: [{ fieldName: 'postTitle', values: ['nurse'] }] })),
  step('getTenants', empty),
  step('saveAccountProfileImage', empty, { files: (w) => png(w, 'me.png') }),
  step('getAccountProfileImage', (w) => ({ accountIds: [w.admin.accountId], isFull: true })),
  step('removeAccountProfileImage', empty),
  step('updateLocalPassword', () => ({ oldPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }), { as: (w) => w.frank.api }),
  step('updatePassword', () => ({ loginName: 'frank', oldPassword: NEW_PASSWORD, newPassword: NEWER_PASSWORD, newConfirmPassword: NEWER_PASSWORD }), {
    as: (w) => w.anonymous(),
  }),

  // Directory, do-not-disturb, group lists (seeded by the content seed).
  step('searchDistributionListNames', () => ({ distributionListNameCriteria: 'ward' }), {
    keep: (d, w) => w.set('dn', d.ldapDistributionListNames[0]?.distinguishedname),
  }),
  step('searchDistributionListMembers', (w) => ({ distributionListName: w.ref('dn') })),
  step('getDndTemplates', empty),
  step('saveDnd', () => ({ dndEndDate: Date.now() + 3_600_000, dnd: true, isMute: true })),
  step('getDnd', empty),
  step('removeDnd', empty),
  step('searchGroupList', () => ({ type: 'ALL', asc: true })),

  // Rooms.
  step('createMultipleRoom', (w) => ({ roomName: 'Ward 5A', memberIds: [w.alice.accountId, w.carol.accountId] }), {
    keep: (d, w) => w.set('room', d.roomId),
  }),
  step('createSingleRoom', (w) => ({ memberId: w.alice.accountId }), { keep: (d, w) => w.set('singleRoom', d.roomId) }),
  step('createSelfRoom', empty, { keep: (d, w) => w.set('selfRoom', d.roomId) }),
  step('createChatbotRoom', () => ({ langId: 'en_US' })),
  step('getRoomList', () => ({ pageInfo: page, withTotalUnreadRoomCount: true, withTotalUnreadMsgCount: true })),
  step('getSimpleRoomList', () => ({ isIncludeProfileImage: true, isIncludeLastUpdateTime: true })),
  step('viewRoom', inRoom),
  step('pinRoom', inRoom),
  step('unpinRoom', inRoom),
  step('muteRoom', (w) => ({ roomId: w.ref('room'), muteHours: 2 })),
  step('unmuteRoom', inRoom),
  step('updateRoomName', (w) => ({ roomId: w.ref('room'), roomName: 'Ward 5A nurses' })),
  step('saveRoomProfileImage', inRoom, { files: (w) => png(w, 'room.png') }),
  step('getRoomProfileImage', (w) => ({ roomIds: [w.ref('room')], isFull: false })),
  step('removeRoomProfileImage', inRoom),
  step('getRoomPolicy', inRoom),
  step('getAllRoomPolicy', empty),
  step('updateRoomPolicy', (w) => ({ roomId: w.ref('room'), policyAttr: [{ attr: 'ALLOW_STAR_MSG', value: 1 }] })),
  step('updateSelfDestructSetting', (w) => ({ roomId: w.ref('room'), enable: false })),
  step('getSelfDestructSetting', inRoom),
  step('saveRoomEvent', (w) => ({ roomId: w.ref('room'), title: 'Handover', content: 'Bed 4', startTs: Date.now(), endTs: Date.now() + 3_600_000 }), {
    keep: (d, w) => w.set('eventId', d.eventId ?? d.id),
  }),
  step('getRoomEvents', inRoom),
  step('deleteRoomEvent', (w) => ({ eventId: w.ref('eventId') })),
  step('addRoomMembers', (w) => ({ roomId: w.ref('room'), accountIds: [w.bobSessions[0].accountId] })),
  step('getRoomAccounts', inRoom),
  step('addRoomAdmin', (w) => ({ roomId: w.ref('room'), accountId: w.alice.accountId })),
  step('removeRoomAdmin', (w) => ({ roomId: w.ref('room'), accountId: w.alice.accountId })),
  step('removeRoomMember', (w) => ({ roomId: w.ref('room'), accountId: w.bobSessions[0].accountId })),
  step('getAuditInfo', (w) => ({ roomId: w.ref('room'), batchSize: 10 })),
  step('searchRoom', () => ({ searchCriteria: 'ward' })),
  step('hideRoom', (w) => ({ roomId: w.ref('singleRoom') })),
  step('getHidedRoomList', () => ({ isIncludeProfileImage: false, isIncludeLastUpdateTime: true })),
  step('unhideRoom', (w) => ({ roomId: w.ref('singleRoom') })),

  // Keys.
  step('getAesKeyByRoomId', inRoom, { keep: (d, w) => void (w.roomKey = d.aesKey) }),
  step('getAesKeyByMessageKeyUuids', async (w) => ({ messageKeyUuids: [(await w.key()).messageKeyUuid] })),
  step('getCommonAesKey', empty),

  // Messages.
  step(
    'sendAesMessage',
    async (w) => {
      const { key, cipher } = await w.encrypt('Ward round at nine');
      return { roomId: w.ref('room'), messageKeyUuid: key.messageKeyUuid, type: 'TEXT', checksum: randomUUID(), aesMessage: cipher };
    },
    {
      keep: (d, w) => w.set('text', d.message.messageId),
      before: async (w) => {
        w.set('file', (await w.send({ type: 'IMAGE', file: { name: 'ward-round.png', bytes: new Uint8Array(w.png) } })).messageId);
        w.set('voice', (await w.send({ type: 'VOICE', file: { name: 'note.m4a', bytes: new TextEncoder().encode('stat lab results') } })).messageId);
        w.set('toDelete', (await w.send({ type: 'TEXT', text: 'typo' })).messageId);
        w.set('toDeleteForMe', (await w.send({ type: 'TEXT', text: 'not for me' })).messageId);
        const key = await w.key();
        const poll = await w.main.sendAesMessage({
          roomId: w.ref('room'),
          messageKeyUuid: key.messageKeyUuid,
          type: 'POLLING',
          checksum: randomUUID(),
          messagePolling: { topic: 'Lunch?', options: ['Noodles', 'Rice'] },
        });
        if (!poll.ok) throw new Error(`poll fixture: ${JSON.stringify(poll.errMsgList)}`);
        w.set('poll', poll.data.message.messageId);
        w.set('pollOption', poll.data.message.messagePolling?.options[1]?.optionId);
        w.set('pollChecksum', poll.data.message.messagePolling?.pollingChecksum);
      },
    },
  ),
  step('receiveAesMessages', (w) => ({ roomId: w.ref('room'), batchSize: 20, imageSize: 200, upOrDown: 'UP', withLastUnreadMessageId: true })),
  step('receiveAesFiles', (w) => ({ roomId: w.ref('room'), batchSize: 20, upOrDown: 'UP' })),
  step('receiveAesImagesAndVideos', (w) => ({ roomId: w.ref('room'), batchSize: 20, imageSize: 200, upOrDown: 'UP' })),
  step('searchAesMessages', (w) => ({ roomId: w.ref('room'), batchSize: 20, filterOfMessage: 'ward' })),
  step('starAesMessages', (w) => ({ roomId: w.ref('room'), messageIds: [w.ref('text')] })),
  step('receiveStarredAesMessages', (w) => ({ roomId: w.ref('room'), batchSize: 20, upOrDown: 'UP' })),
  step('unstarAesMessages', (w) => ({ roomId: w.ref('room'), messageIds: [w.ref('text')] })),
  step('markNotifiedAesMessages', (w) => ({ roomId: w.ref('room'), messageIds: [w.ref('text')] }), { as: (w) => w.alice.api }),
  step('markReadAesMessages', (w) => ({ roomId: w.ref('room'), messageIds: [w.ref('text')] }), { as: (w) => w.alice.api }),
  step('viewAesMessage', (w) => ({ roomId: w.ref('room'), messageId: w.ref('text') })),
  step('viewAesMessages', (w) => ({ roomId: w.ref('room'), messageIds: [w.ref('text'), w.ref('file')] })),
  step('getAesMessageInfo', (w) => ({ roomId: w.ref('room'), messageId: w.ref('text') })),
  step('getLastMessage', (w) => ({ roomId: w.ref('room'), withUnreadCount: true })),
  step('getTotalMessagesUnreadCount', empty),
  step('forwardAesMessages', (w) => ({ fromRoomId: w.ref('room'), roomId: w.ref('singleRoom'), messageIds: [w.ref('text')] })),
  step('downloadAesFile', (w) => ({ roomId: w.ref('room'), messageId: w.ref('file'), isPreview: false })),
  step('downloadOriginalAesFile', (w) => ({ roomId: w.ref('room'), messageId: w.ref('file') })),
  step('exportMessagesAndFiles', (w) => ({ roomId: w.ref('room'), messageIds: [w.ref('text'), w.ref('file')] })),
  step('exportRoomMessages', inRoom),
  step('voteMessage', (w) => ({ roomId: w.ref('room'), messageId: w.ref('poll'), type: 'POLLING', optionId: w.ref('pollOption'), pollingChecksum: w.ref('pollChecksum') }), {
    as: (w) => w.alice.api,
    keep: (d, w) => w.set('pollChecksum', d.messagePolling.pollingChecksum),
  }),
  step('unvoteMessage', (w) => ({ roomId: w.ref('room'), messageId: w.ref('poll'), type: 'POLLING', optionId: w.ref('pollOption'), pollingChecksum: w.ref('pollChecksum') }), {
    as: (w) => w.alice.api,
  }),
  step('deleteAesMessages', (w) => ({ roomId: w.ref('room'), messageIds: [w.ref('toDelete')] })),
  step('deleteForMeAesMessages', (w) => ({ roomId: w.ref('room'), messageIds: [w.ref('toDeleteForMe')] })),
  step('archiveAesMessagesBeforeDays', (w) => ({ roomId: w.ref('room'), withEmail: false, withStarredMessage: true, beforeDays: 1 })),
  step('archiveAllAesMessages', (w) => ({ roomId: w.ref('room'), withEmail: false, withStarredMessage: true })),
  step('getCompletedArchivedMessages', empty, {
    before: (w) =>
      vi.waitFor(async () => {
        const listed = await w.main.getCompletedArchivedMessages({});
        expect(listed.ok && listed.data.archivedMessages.some((a) => a.messageKeyUuid), 'an archive').toBe(true);
      }, BACKGROUND_WORK),
    keep: (d, w) => {
      const archive = d.archivedMessages.find((a) => a.messageKeyUuid);
      w.set('archiveId', archive?.id);
      w.set('archiveKey', archive?.messageKeyUuid);
    },
  }),
  step('downloadArchivedMessage', (w) => ({ id: w.ref('archiveId'), messageKeyUuid: w.ref('archiveKey') })),
  step('saveTranslation', (w) => ({ roomId: w.ref('room'), messageId: w.ref('text'), langId: 'zh_TW', value: '九點巡房', checksum: 'translation-1' }), {
    as: (w) => w.alice.api,
  }),
  step('operateMessage', () => ({ promptAppId: 'polish', inputText: 'please check bed 12' })),
  step('voiceToTextMessage', (w) => ({ roomId: w.ref('room'), messageId: w.ref('voice') }), { as: (w) => w.alice.api }),
  step('getBroadcastAccessRights', empty),
  step(
    'broadcastAesMessages',
    async (w) => {
      const common = await w.main.getCommonAesKey({});
      if (!common.ok) throw new Error('getcommonaeskey failed');
      const aesMessage = encryptAes(common.data.aesKey, new TextEncoder().encode('Fire drill at 15:00'));
      return { memberIds: [w.alice.accountId, w.carol.accountId], messages: [{ type: 'TEXT', aesMessage }], messageKeyUuid: common.data.aesKey.messageKeyUuid };
    },
  ),

  // Voice, image, conferences, chatbot (provider-backed calls go to the provider process).
  step('speakVoice', (w) => ({ messageId: w.ref('text') }), { as: (w) => w.alice.api }),
  step('recognizeVoice', (w) => ({ messageId: w.ref('voice') }), { as: (w) => w.alice.api }),
  step('recognizeImages', (w) => ({ imageBase64: w.png.toString('base64') })),
  step('createConference', (w) => ({ type: 'VIDEO', roomId: w.ref('room'), accountIds: [w.alice.accountId] }), { keep: (d, w) => w.set('conference', d.uuid) }),
  step('getConferenceTokenAndInfo', (w) => ({ uuid: w.ref('conference') })),
  step('startConference', (w) => ({ uuid: w.ref('conference') })),
  step('stopConference', (w) => ({ uuid: w.ref('conference') })),
  step('createExternalConference', (w) => ({ conferenceType: 'VIDEO', roomId: w.ref('room') }), { keep: (d, w) => w.set('external', d.refId) }),
  step('acceptConferenceCall', (w) => ({ vcType: 'CHATGEN', creatorId: w.admin.accountId, refId: w.ref('external') }), { as: (w) => w.alice.api }),
  step('busyConferenceCall', (w) => ({ vcType: 'CHATGEN', creatorId: w.admin.accountId, refId: w.ref('external'), data: {} }), { as: (w) => w.carol.api }),
  step('getExternalConferenceInfo', (w) => ({ vcType: 'CHATGEN', refId: w.ref('external') })),
  step('rejectConferenceCall', (w) => ({ vcType: 'CHATGEN', creatorId: w.admin.accountId, refId: w.ref('rejected'), data: {} }), {
    as: (w) => w.alice.api,
    before: async (w) => {
      const call = await w.main.createExternalConference({ conferenceType: 'VOICE', roomId: w.ref('room') });
      if (!call.ok) throw new Error('external conference fixture failed');
      w.set('rejected', call.data.refId);
    },
  }),
  step('cancelConferenceCall', (w) => ({ vcType: 'CHATGEN', refId: w.ref('cancelled'), data: {} }), {
    before: async (w) => {
      const call = await w.main.createExternalConference({ conferenceType: 'VOICE', roomId: w.ref('room') });
      if (!call.ok) throw new Error('external conference fixture failed');
      w.set('cancelled', call.data.refId);
    },
  }),
  step('getConferenceHistory', empty),
  step('chatbotStartRoom', () => ({ chatbotId: 'assistant', langId: 'en_US', input: 'wifi' }), {
    keep: (d, w) => {
      const card = d.messages.find((m) => m.messageType === 'MC');
      w.set('mc', card?.messageId);
      w.set('mcKey', card?.messageChecksum);
      w.set('chatbotRoom', card?.roomId);
    },
  }),
  step('chatbotSendMcMessageAnswer', () => ({ chatbotId: 'assistant', langId: 'en_US', value: 'main.it' })),
  step('chatbotSendMessage', () => ({ chatbotId: 'assistant', langId: 'en_US', message: 'When is my payslip out?' })),
  step('chatbotSendReplyMessage', (w) => ({ chatbotId: 'assistant', langId: 'en_US', type: 'MC', key: w.ref('mcKey'), messages: [{ value: 'main.hr' }] })),
  step('chatbotRequestOriginalMsg', (w) => ({ chatbotId: 'assistant', langId: 'en_US', key: w.ref('mcKey') })),
  step('answerMcMessage', (w) => ({ roomId: w.ref('chatbotRoom'), messageId: w.ref('mc'), langId: 'en_US', value: 'main.it', checksum: w.ref('mcKey') })),

  // News, stickers, private album.
  step('publishNews', () => ({ title: 'New visiting hours', content: '<p>12:00 to 20:00</p>', seq: 1, isShowNewsTitleInContent: true }), {
    files: (w) => png(w, 'ward-map.png'),
    keep: (d, w) => (w.set('newsId', d.newsId), w.set('newsFileId', d.newsFiles?.[0]?.newsFileId)),
  }),
  step('getNews', empty),
  step('getUnreadNewsCount', empty),
  step('getNewsDetail', (w) => ({ newsId: w.ref('newsId') })),
  step('downloadNewsFile', (w) => ({ newsFileId: w.ref('newsFileId') })),
  step('getStickerCategories', empty, { keep: (d, w) => w.set('stickerCategoryId', d.stickerCategories[0]?.stickerCategoryId) }),
  step('getStickers', (w) => ({ stickerCategoryId: w.ref('stickerCategoryId') })),
  step('uploadToPrivateAlbum', (w) => ({ roomId: w.ref('room'), messageIds: [w.ref('file')] })),
  step('receivePrivateAlbum', () => ({ pageSize: 30, currentPage: 1 }), {
    before: (w) =>
      vi.waitFor(async () => {
        const listed = await w.main.receivePrivateAlbum({ pageSize: 30, currentPage: 1 });
        expect(listed.ok && listed.data.privateAlbumFiles.some((f) => f.thumbnail), 'the album entry processed').toBe(true);
      }, BACKGROUND_WORK),
    keep: (d, w) => w.set('albumFileId', d.privateAlbumFiles[0]?.fileId),
  }),
  step('downloadPrivateAlbumFiles', (w) => ({ fileIds: [w.ref('albumFileId')] })),
  step('deletePrivateAlbumFiles', (w) => ({ fileIds: [w.ref('albumFileId')] })),

  // Calls that end rooms, each on its own room.
  step('leaveRoom', (w) => ({ roomId: w.ref('leaveRoom') }), {
    as: (w) => w.alice.api,
    before: async (w) => w.set('leaveRoom', await w.scratchRoom('Leave me')),
  }),
  step('closeRoom', (w) => ({ roomId: w.ref('closeRoom') }), { before: async (w) => w.set('closeRoom', await w.scratchRoom('Close me')) }),
  step('deleteRoomMessages', (w) => ({ roomId: w.ref('closeRoom'), withStarredMessage: true })),
  step('deleteRoom', (w) => ({ roomId: w.ref('deleteRoom') }), { before: async (w) => w.set('deleteRoom', await w.scratchRoom('Delete me')) }),
  step('deleteAndExportRoom', (w) => ({ roomId: w.ref('exportRoom') }), { before: async (w) => w.set('exportRoom', await w.scratchRoom('Export me')) }),

  // Calls that end sessions, last, on bob's extra sessions (the admin's main session survives).
  step('logout', empty, { as: (w) => w.bobSessions[0].api }),
  step('remoteWipe', (w) => ({ deviceId: w.ref('wipedDevice') }), {
    as: (w) => w.bobSessions[2].api,
    before: async (w) => {
      const sessions = await w.server.app.ctx.repos.sessions.listActive(w.bobSessions[2].id);
      const mine = await w.server.app.ctx.repos.sessions.findActiveByApiKey(w.bobSessions[2].apiKey);
      w.set('wipedDevice', sessions.find((s) => s.deviceId !== mine?.deviceId)?.deviceId);
    },
  }),
  step('logoutOtherSession', (w) => ({ apiKey: w.bobSessions[2].apiKey }), { as: (w) => w.bobSessions[2].api }),
];
