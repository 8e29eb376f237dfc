// Contract coverage: every call of seed section 7 and every entity of seed section 3 is in schema/,
// every schema compiles in strict ajv, and the endpoint tables follow docs/schema-conventions.md.
import { describe, expect, it } from 'vitest';
import {
  NON_API_FILES,
  atPointer,
  definitionsOf,
  endpointsOf,
  isObject,
  loadSchemas,
  resolveRef,
  schemaId,
  type JsonObject,
} from './load-schemas.ts';

/** Seed section 7, line by line: the path segments as the seed writes them. */
const SEED_CALLS: string[] = [
  // Headers and security
  'application/getpublicapplicationprofile', 'application/getpathsecurity',
  // Public calls
  'application/getappversions', 'device/checkappversion', 'authentication/getuserpubkey',
  'authentication/login', 'authentication/sso/login', 'authentication/loginwithtoken',
  'authentication/getloginnamebytoken', 'account/updatepassword',
  // Authentication
  'authentication/logout', 'authentication/logoutothersession', 'authentication/checksession',
  'authentication/generatetoken', 'authentication/generateotp', 'nextoken/getnextoken', 'nextoken/sendnextoken',
  'qrcode/getjwt', 'application/getapplicationprofile', 'application/localactioncallback', 'device/remotewipe',
  // Account
  'account/getaccountlist', 'getaccountprofile', 'getaccountprofileimage', 'saveaccountprofileimage',
  'removeaccountprofileimage', 'addaccountfavcontact', 'removeaccountfavcontact', 'checkaccountonlinestatus',
  'updateaccountlangsetting', 'getdatastorage', 'updatedownloadattachsetting', 'getdownloadattachsetting',
  'getaccountprivacy', 'updateaccountprivacyreadreceipt', 'updateaccountprivacyviewpresence',
  'updateaccountprivacyviewprofile', 'updateaccountprivacyishownametogrpacc',
  'updateaccountprivacyisshownotiatmention', 'updatelocalpassword', 'updateaccountprofile',
  'updateaccountsynonym', 'removeaccountsynonym', 'updatecustomdisplayname', 'updatesearchname',
  'getadvancedaccountsearchcriteria', 'advancedsearch', 'verifyauthorizedaccount', 'getotheraccountinfo',
  'tenant/gettenants',
  // Distribution lists, do-not-disturb and groups
  'distributionlist/searchdistributionlistmembers', 'distributionlist/searchdistributionlistnames',
  'dnd/getdndtemplates', 'getdnd', 'removednd', 'dnd/savednd', 'grouplist/searchgrouplist',
  // Rooms
  'room/createchatbotroom', 'room/createsingleroom', 'room/createmultipleroom', 'room/createselfroom',
  'deleteroom', 'viewroom', 'pinroom', 'unpinroom', 'unmuteroom', 'leaveroom', 'hideroom', 'unhideroom',
  'closeroom', 'getroompolicy', 'getroomevents', 'getroomaccounts', 'getselfdestructsetting',
  'removeroomprofileimage', 'getroomlist', 'muteroom', 'updateroomname', 'getroomprofileimage',
  'saveroomprofileimage', 'updateselfdestructsetting', 'addroommembers', 'removeroommember', 'addroomadmin',
  'removeroomadmin', 'getallroompolicy', 'updateroompolicy', 'getlastmessage', 'getauditinfo',
  'getsimpleroomlist', 'gethidedroomlist', 'room/hospital/deleteandexportroom', 'room/searchroom',
  'saveroomevent', 'deleteroomevent',
  // News, stickers, private album
  'news/getnews', 'getnewsdetail', 'downloadnewsfile', 'getunreadnewscount',
  'stickercategory/getstickercategories', 'getstickers',
  'privatealbum/receive', 'privatealbum/download', 'privatealbum/upload', 'privatealbum/delete',
  // Security keys
  'security/getaeskeybymessagekeyuuids', 'security/getaeskeybyroomid', 'security/getcommonaeskey',
  // Messages
  'message/sendaesmessage', 'receiveaesmessages', 'receiveaesfiles', 'receiveaesimagesandvideos',
  'receivestarredaesmessages', 'searchaesmessages', 'staraesmessages', 'unstaraesmessages',
  'marknotifiedaesmessages', 'markreadaesmessages', 'deleteaesmessages', 'deleteformeaesmessages',
  'viewaesmessage', 'getaesmessageinfo', 'viewaesmessages', 'forwardaesmessages', 'downloadaesfile',
  'downloadoriginalaesfile', 'exportmessagesandfiles', 'archiveaesmessagesbeforedays', 'archiveallaesmessages',
  'getcompletedarchivedmessages', 'downloadarchivedmessage', 'gettotalmessagesunreadcount', 'answermcmessage',
  'exportroommessages', 'deleteroommessages', 'votemessage', 'unvotemessage', 'voicetotextmessage',
  'operatemessage', 'broadcast/broadcastaesmessages', 'broadcast/getbroadcastaccessrights',
  // Voice, conference, image, chatbot
  'voice/speak', 'voice/recognize', 'conference/create', 'gettokenandinfo', 'conference/start',
  'conference/stop', 'gethistory', 'conference/external/create', 'getconferenceinfo', 'cancelconferencecall',
  'acceptconferencecall', 'rejectconferencecall', 'busyconferencecall', 'image/recognizeimages',
  'chatbot/sendmcmessageanswer', 'chatbot/sendmessage', 'chatbot/sendreplymessage', 'chatbot/startroom',
  'chatbot/requestoriginalmsg',
  // Test-only crypto (generate key pair, encrypt, decrypt, sign, verify)
  'crypto/generatekeypair', 'crypto/encrypt', 'crypto/decrypt', 'crypto/sign', 'crypto/verify',
];

/** Calls the seed names without a path, or that are ours; they must exist and be marked x-inferred. */
const INFERRED_CALLS: string[] = ['/chat/sec/message/savetranslation', '/chat/sec/news/publishnews'];

/** Seed section 3, entity by entity (and the enums it lists), as definition names. */
const SEED_ENTITIES: string[] = [
  'Message', 'MessageType', 'MessageStatus', 'MessageReadInfo', 'MessageReadInfoReadItem',
  'MessageReadInfoNotifiedItem', 'SendMessagePayload', 'SendMessagePayloadWithoutKey', 'SendMessageResponse',
  'SendMessageResponseData', 'MessageListResponse', 'MessageFileResponse', 'MessageFileDataResponse',
  'MessageFileBlobResponse', 'VoiceToTextResponse', 'AiPromptResponse', 'ArchivedMessage', 'MessageTypeSize',
  'Room', 'RoomType', 'RoomBusinessType', 'RoomListResponse', 'SimpleRoomListResponse', 'RoomDetail',
  'BusinessRoomDetail', 'RoomPolicyEntry', 'RoomPolicyKey', 'MemberRolePolicyValue', 'BooleanPolicyValue',
  'NumberLimitPolicyValue', 'RoomEvent', 'RoomAuditRecord', 'RoomProfileImage', 'SelfDestructSetting',
  'SelfDestructTimeUnit', 'RoomMute', 'ExportResponse', 'Account', 'AccountListResponse',
  'AccountProfileDisplayField', 'AccountProfileEditType', 'AccountProfileUpdate', 'AccountSynonym',
  'AccountListRequest', 'ProfileImageEntry', 'OnlineStatus', 'PrivacySettings', 'PrivacyVisibility',
  'ReadReceiptSetting', 'LoginRequest', 'DeviceInfo', 'TokenData', 'LoginResponse', 'Login2faType',
  'LoginResult', 'FunctionRoleType', 'PasswordChangeRequest', 'GeneratedToken', 'OtpResponse', 'JwtResponse',
  'NexTokenResponse', 'UuidTokenResponse', 'TypedTokenResponse', 'NexTokenSendResponse', 'QrToken', 'TokenType',
  'LoginNavigationState', 'LoginActionObject', 'PublicApplicationProfile', 'ServerConfig',
  'PathSecurityResponse', 'ClientConfig', 'AesKeyRecord', 'AesAlgorithm', 'KeyPair', 'AppVersionEntry',
  'AppUpdateInfo', 'AppVersionItem', 'AppUpdate', 'DndSetting', 'DndTemplateOption', 'LocalizedLabel',
  'DelegateAccount', 'BroadcastSelectionType', 'BroadcastPayload', 'SearchCriterion', 'GroupListRequest',
  'GroupListItem', 'DistributionListName', 'DistributionListMember', 'NewsListItem', 'NewsDetail', 'NewsFile',
  'NewsCounts', 'Tenant', 'StickerCategory', 'StickerCategoryStatus', 'Sticker', 'PrivateAlbumThumbnail',
  'PrivateAlbumFile', 'Conference', 'ExternalConference', 'ConferenceResponse', 'ChatbotMessage',
  'ImageRecognition', 'VoiceResponse', 'Notification', 'MarkAsNotified', 'RealtimeTopicPayload', 'BusinessCard',
  'ContactCard', 'MessagePolling', 'PollingOption', 'SuccessEnvelope', 'FailedEnvelope', 'ErrMsgList',
  'EmptyResponse', 'PageInfo', 'LangId',
];

const ROOM_POLICY_KEYS = [
  'ADD_MEMBER', 'ALLOW_COPY', 'ALLOW_FORWARD_MSG', 'ALLOW_INAPP_COPY', 'ALLOW_EXIT_ROOM', 'ALLOW_DELETE_ROOM',
  'ALLOW_MUTE_NOTI', 'ALLOW_SELF_DESTRUCT', 'EDIT_ADMIN', 'EDIT_ROOM_INFO', 'EDIT_ROOM_POLICY', 'RECALL_MESSAGE_TIME',
  'REMOVE_MEMBER', 'ROOM_SIZE_LIMIT', 'SCREEN_CAP_SYS_MSG', 'SEND_MESSAGE', 'SHOW_MEDIA_WATERMARK',
  'SHOW_MSG_WATERMARK', 'ALLOW_DRAWING_MSG', 'ALLOW_CONTACTS_MSG', 'ALLOW_STAR_MSG', 'ALLOW_RECALL_MESSAGE',
  'ALLOW_DOWN_ORIG_MSG', 'ALLOW_HIDE_ROOM', 'ALLOW_CLOSE_ROOM', 'ALLOW_DOWN_ATTACH', 'ALLOW_EXPORT_MSG',
  'ALLOW_ARCHIVE_MSG', 'COPY_MEMBER_CREAT_RM', 'ALLOW_VOICE_TO_TEXT', 'ALLOW_DELETE_ALL_MSG',
];
const MESSAGE_TYPES = [
  'SYSTEM', 'TEXT', 'IMAGE', 'VOICE', 'VIDEO', 'FILE', 'LOCATION', 'CONTACT', 'URL', 'STICKER', 'BAPP', 'REQUEST',
  'DATETIME', 'MC', 'DISMISS', 'DISMISS_MC', 'DISMISS_REQ', 'DISMISS_BAPP', 'JSONCARD', 'POLLING',
];
const TOPIC_TYPES = ['TYPING', 'ONLINE', 'OFFLINE', 'REFRESH', 'VOTE_MESSAGE', 'UNVOTE_MESSAGE'];

const { ajv, docs } = loadSchemas();
const byRel = new Map(docs.map((d) => [d.rel, d.doc]));
const apiDocs = docs.filter((d) => !NON_API_FILES.has(d.rel));
const endpoints = endpointsOf(docs);

/** Where each definition lives (definition name -> file). */
const defHome = new Map<string, string[]>();
for (const { rel, doc } of docs) {
  for (const name of Object.keys(definitionsOf(doc))) defHome.set(name, [...(defHome.get(name) ?? []), rel]);
}

function validatorFor(rel: string, name: string) {
  const v = ajv.getSchema(`${schemaId(rel)}#/definitions/${name}`);
  if (!v) throw new Error(`${rel}: no definition ${name}`);
  return v;
}

/** The endpoint's request/response definition name and the file it lives in. */
function target(e: { file: string }, ref: string): { rel: string; name: string } {
  if (!ref.includes('#')) return { rel: e.file, name: ref };
  const { rel, pointer } = resolveRef(ref, e.file);
  return { rel, name: pointer.replace(/^\/definitions\//, '') };
}

function deref(node: unknown, rel: string): { node: JsonObject; rel: string } {
  let cur = node;
  let curRel = rel;
  for (let hops = 0; isObject(cur) && typeof cur.$ref === 'string'; hops++) {
    if (hops > 20) throw new Error('ref loop');
    const { rel: r, pointer } = resolveRef(cur.$ref, curRel);
    const doc = byRel.get(r);
    if (!doc) throw new Error(`${curRel}: $ref to missing file ${r}`);
    cur = atPointer(doc, pointer);
    curRel = r;
  }
  if (!isObject(cur)) throw new Error(`${rel}: not a schema object`);
  return { node: cur, rel: curRel };
}

/** Properties that every instance must carry (oneOf/anyOf: the common ones; allOf: all of them). */
function requiredOf(node: unknown, rel: string): string[] {
  const { node: s, rel: r } = deref(node, rel);
  const own = Array.isArray(s.required) ? s.required.filter((x): x is string => typeof x === 'string') : [];
  const all = new Set(own);
  if (Array.isArray(s.allOf)) for (const sub of s.allOf) for (const q of requiredOf(sub, r)) all.add(q);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = s[key];
    if (Array.isArray(branches) && branches.length > 0) {
      const sets = branches.map((b) => new Set(requiredOf(b, r)));
      for (const q of sets[0] ?? []) if (sets.every((set) => set.has(q))) all.add(q);
    }
  }
  return [...all];
}

/** Every concrete object branch of a request schema (through $ref and oneOf/anyOf). */
function objectBranches(node: unknown, rel: string): JsonObject[] {
  const { node: s, rel: r } = deref(node, rel);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = s[key];
    if (Array.isArray(branches)) return branches.flatMap((b) => objectBranches(b, r));
  }
  return [s];
}

describe('schema files', () => {
  it('finds the API contract files', () => {
    const rels = docs.map((d) => d.rel);
    for (const f of ['errors.json', 'realtime.json', 'entities/envelope.json', 'endpoints/messages.json']) {
      expect(rels).toContain(f);
    }
    expect(rels.filter((r) => r.startsWith('endpoints/')).sort()).toEqual(
      ['account', 'authentication', 'content', 'directory', 'messages', 'public', 'rooms', 'security', 'services', 'testcrypto']
        .map((g) => `endpoints/${g}.json`),
    );
  });

  it('every file has draft-07 $schema and the conventional $id', () => {
    for (const { rel, doc } of docs) {
      expect(doc.$schema, rel).toBe('http://json-schema.org/draft-07/schema#');
      expect(doc.$id, rel).toBe(schemaId(rel));
    }
  });

  it('every definition of every file compiles in strict ajv (all $refs resolve)', () => {
    let compiled = 0;
    for (const { rel, doc } of docs) {
      for (const name of Object.keys(definitionsOf(doc))) {
        expect(() => validatorFor(rel, name), `${rel}#${name}`).not.toThrow();
        compiled++;
      }
    }
    expect(compiled).toBeGreaterThan(300);
  });

  it('definition names are PascalCase and unique across schema/', () => {
    for (const [name, homes] of defHome) {
      expect(homes, `${name} defined in ${homes.join(', ')}`).toHaveLength(1);
    }
    for (const { rel, doc } of apiDocs) {
      for (const name of Object.keys(definitionsOf(doc))) expect(name, rel).toMatch(/^[A-Z][A-Za-z0-9]*$/);
    }
  });

  it('every API definition has a one-line description', () => {
    for (const { rel, doc } of apiDocs) {
      for (const [name, def] of Object.entries(definitionsOf(doc))) {
        const d = isObject(def) ? def.description : undefined;
        expect(typeof d === 'string' && d.length > 0 && !d.includes('\n'), `${rel}#${name}`).toBe(true);
      }
    }
  });
});

describe('seed section 7: calls', () => {
  it('every call of the seed appears in an endpoint path', () => {
    const paths = endpoints.map((e) => e.path);
    const missing = SEED_CALLS.filter((c) => !paths.some((p) => p.endsWith(`/${c}`)));
    expect(missing).toEqual([]);
  });

  it('the seed list has no duplicates and every endpoint is a seed call or a marked inference', () => {
    expect(new Set(SEED_CALLS).size).toBe(SEED_CALLS.length);
    for (const e of endpoints) {
      const fromSeed = SEED_CALLS.some((c) => e.path.endsWith(`/${c}`));
      expect(fromSeed || e['x-inferred'] === true, e.path).toBe(true);
    }
    for (const p of INFERRED_CALLS) {
      const e = endpoints.find((x) => x.path === p);
      expect(e?.['x-inferred'], p).toBe(true);
    }
  });

  it('paths match access and names are unique camelCase', () => {
    const prefix = { public: '/chat/pub/', secured: '/chat/sec/', test: '/chat/test/' } as const;
    for (const e of endpoints) {
      expect(Object.keys(prefix), e.name).toContain(e.access);
      expect(e.path.startsWith(prefix[e.access]), `${e.name} ${e.path}`).toBe(true);
      expect(e.path, e.name).toMatch(/^\/chat\/(pub|sec|test)(\/[a-z0-9]+)+$/);
      expect(e.name).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(typeof e.summary === 'string' && e.summary.length > 0, e.name).toBe(true);
      for (const flag of ['multipart', 'returnsFile', 'testOnly', 'encryptedByDefault'] as const) {
        expect(typeof e[flag], `${e.name}.${flag}`).toBe('boolean');
      }
      expect(e.testOnly, e.name).toBe(e.access === 'test');
      if (e.testOnly) expect(e.method, e.name).toBe('POST');
      expect(e.group, e.name).toBe(e.file.replace(/^endpoints\/|\.json$/g, ''));
    }
    const names = endpoints.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    const paths = endpoints.map((e) => e.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('every request and response resolves to a definition', () => {
    for (const e of endpoints) {
      for (const ref of [e.request, e.response]) {
        const t = target(e, ref);
        expect(() => validatorFor(t.rel, t.name), `${e.name}: ${ref}`).not.toThrow();
      }
    }
  });

  it('request payloads are closed objects and accept {} only when nothing is required', () => {
    for (const e of endpoints) {
      const t = target(e, e.request);
      const doc = byRel.get(t.rel);
      expect(doc, e.name).toBeDefined();
      const root = definitionsOf(doc ?? {})[t.name];
      for (const branch of objectBranches(root, t.rel)) {
        expect(branch.type, e.name).toBe('object');
        expect(branch.additionalProperties, e.name).toBe(false);
      }
      const required = requiredOf(root, t.rel);
      const validate = validatorFor(t.rel, t.name);
      expect(validate({}), `${e.name} {} with required [${required.join(',')}]`).toBe(required.length === 0);
      expect(validate({ notAField: 1 }), `${e.name} rejects unknown fields`).toBe(false);
    }
  });

  it('uploads, downloads and encryption follow the conventions', () => {
    const byName = new Map(endpoints.map((e) => [e.name, e]));
    const get = (n: string) => {
      const e = byName.get(n);
      if (!e) throw new Error(`no endpoint ${n}`);
      return e;
    };
    for (const n of ['downloadAesFile', 'downloadOriginalAesFile', 'downloadArchivedMessage', 'downloadNewsFile', 'downloadPrivateAlbumFiles', 'exportMessagesAndFiles']) {
      expect(get(n).multipart && get(n).returnsFile, n).toBe(true);
    }
    for (const n of ['saveAccountProfileImage', 'saveRoomProfileImage']) {
      expect(get(n).multipart && !get(n).returnsFile, n).toBe(true);
    }
    for (const n of ['login', 'ssoLogin', 'loginWithToken', 'getAesKeyByMessageKeyUuids', 'getAesKeyByRoomId', 'getCommonAesKey', 'sendAesMessage', 'receiveAesMessages']) {
      expect(get(n).encryptedByDefault, n).toBe(true);
    }
    expect(get('sendAesMessage').multipart).toBe(false);
    for (const e of endpoints) if (e.returnsFile) expect(e.multipart, e.name).toBe(true);
  });

  it('limits of seed section 5 are enforced on the wire', () => {
    const v = (name: string, file: string) => validatorFor(`endpoints/${file}.json`, name);
    const rename = v('UpdateRoomNameRequest', 'rooms');
    expect(rename({ roomId: 'r1', roomName: 'x'.repeat(30) })).toBe(true);
    expect(rename({ roomId: 'r1', roomName: 'x'.repeat(31) })).toBe(false);
    expect(rename({ roomId: 'r1', roomName: '' })).toBe(false);
    const mute = v('MuteRoomRequest', 'rooms');
    expect(mute({ roomId: 'r1', muteHours: 336 })).toBe(true);
    expect(mute({ roomId: 'r1', muteHours: 337 })).toBe(false);
    expect(v('UpdateCustomDisplayNameRequest', 'account')({ customDisplayName: 'x'.repeat(31) })).toBe(false);
    expect(v('UpdateSearchNameRequest', 'account')({ searchName: 'x'.repeat(26) })).toBe(false);
    expect(v('UpdateAccountSynonymRequest', 'account')({ synAccountId: 'a', synonym: 'x'.repeat(25) })).toBe(true);
    expect(v('UpdateAccountSynonymRequest', 'account')({ synAccountId: 'a', synonym: 'x'.repeat(26) })).toBe(false);
    const send = v('SendAesMessageRequest', 'messages');
    const poll = (n: number) => ({
      roomId: 'r1', messageKeyUuid: 'k1', type: 'POLLING', checksum: 'c',
      messagePolling: { topic: 'Lunch?', options: Array.from({ length: n }, (_, i) => `option ${i}`) },
    });
    expect(send(poll(2))).toBe(true);
    expect(send(poll(8))).toBe(true);
    expect(send(poll(1))).toBe(false);
    expect(send(poll(9))).toBe(false);
    const receive = v('ReceiveAesMessagesRequest', 'messages');
    expect(receive({ roomId: 'r1', batchSize: 25, upOrDown: 'UP' })).toBe(true);
    expect(receive({ roomId: 'r1', batchSize: 0, upOrDown: 'UP' })).toBe(false);
    expect(receive({ roomId: 'r1', batchSize: 201, upOrDown: 'UP' })).toBe(false);
  });

  it('a realistic send payload validates with and without messageKeyUuid', () => {
    const send = validatorFor('endpoints/messages.json', 'SendAesMessageRequest');
    const base = { roomId: 'r1', type: 'TEXT', checksum: 'abc', langId: 'en_US', aesMessage: 'AAECAwQFBgcICQoLDA0ODw==', msgMentionAccountIds: ['a2'] };
    expect(send({ ...base, messageKeyUuid: 'k-1' })).toBe(true);
    expect(send(base)).toBe(true);
    expect(send({ ...base, type: 'NOT_A_TYPE' })).toBe(false);
    expect(send({ ...base, aesMessageFile: 'AAEC', aesMessageFilename: 'a.pdf' })).toBe(true);
  });
});

describe('seed section 3: entities', () => {
  it('every entity of the seed is a definition', () => {
    const missing = SEED_ENTITIES.filter((n) => !defHome.has(n));
    expect(missing).toEqual([]);
  });

  it('enums carry every value the seed lists', () => {
    const def = (name: string): JsonObject => {
      const rel = defHome.get(name)?.[0] ?? '';
      const d = definitionsOf(byRel.get(rel) ?? {})[name];
      if (!isObject(d)) throw new Error(`no ${name}`);
      return d;
    };
    expect(def('RoomPolicyKey').enum).toEqual(ROOM_POLICY_KEYS);
    expect(def('MessageType').enum).toEqual(MESSAGE_TYPES);
    expect(def('MessageStatus').enum).toEqual(['SERVER_RECEIVED', 'ALL_RECEIVED', 'ALL_READ', 'ALL_DELETED', 'PENDING_SEND', 'SEND_FAILED']);
    expect(def('PrivacyVisibility').enum).toEqual(['ALL', 'FAVOURITE', 'NONE']);
    expect(def('ReadReceiptSetting').enum).toEqual(['YES', 'NO']);
    expect(def('Login2faType').enum).toEqual(['NIL', 'ATR']);
    expect(def('AesAlgorithm').enum).toEqual(['CBC', 'CTR', 'GCM']);
    expect(def('BroadcastSelectionType').enum).toEqual(['ALL', 'DL', 'HKP_AK_GROUP']);
    expect(def('StickerCategoryStatus').enum).toEqual(['ACTIVE', 'INACTIVE', 'DELETED']);
    expect(def('SelfDestructTimeUnit').enum).toEqual(['second', 'minute', 'hour', 'day', 'week', 'year']);
    expect(def('MemberRolePolicyValue').enum).toEqual([0, 1, 2, 3]);
    expect(def('BooleanPolicyValue').enum).toEqual([0, 1]);
    expect(def('TokenType').enum).toContain('AUTH_OTP');
  });

  it('the envelope matches docs/protocol.md', () => {
    const failed = validatorFor('entities/envelope.json', 'FailedEnvelope');
    expect(failed({
      status: 'failed',
      errMsgList: [
        { locale: 'en_US', errors: [{ code: 'UI_IM_E9912', message: 'You must change your password' }] },
        { locale: 'zh_TW', errors: [{ code: 'UI_IM_E9912', message: '你必須更改密碼' }] },
      ],
    })).toBe(true);
    expect(failed({ status: 'failed', errMsgList: [] })).toBe(true);
    expect(failed({ status: 'failed', errMsgList: [{ locale: 'en_US', errors: [{ code: 'NOPE', message: 'x' }] }] })).toBe(false);
    expect(validatorFor('entities/envelope.json', 'SuccessEnvelope')({ status: 'success', roomId: 'r' })).toBe(true);
  });
});

describe('realtime contract', () => {
  const doc = byRel.get('realtime.json') ?? {};
  const xr = isObject(doc['x-realtime']) ? doc['x-realtime'] : {};
  const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
  const types = list<{ notifyType: string; payload: string; destination: string }>(xr.notificationTypes);

  it('has the destinations of docs/protocol.md', () => {
    const patterns = list<{ pattern: string }>(xr.destinations).map((d) => d.pattern);
    // contract-literal: the schema's patterns checked as docs/protocol.md writes them, not through the builders
    // generated from those same patterns.
    expect(patterns).toEqual(expect.arrayContaining([
      '/queue/{mqSysName}.{accountId}', '/topic/account.{accountId}', '/topic/room.{roomId}',
      '/topic/broadcast.{roomId}', '/topic/qrtoken.{token}', '/topic/authenticator.{loginName}',
    ]));
    const sends = list<{ id: string; payload: string }>(xr.sends);
    expect(sends.map((s) => s.id).sort()).toEqual(['healthCheckEcho', 'logoutOtherSessions', 'presenceSignal', 'roomTopicMessage']);
    for (const s of sends) expect(() => validatorFor('realtime.json', s.payload), s.id).not.toThrow();
  });

  it('every notification type has an UPPER_SNAKE name, a destination and a payload definition', () => {
    expect(types.length).toBeGreaterThanOrEqual(45);
    const ids = new Set(list<{ id: string }>(xr.destinations).map((d) => d.id));
    const names = types.map((t) => t.notifyType);
    expect(new Set(names).size).toBe(names.length);
    const enumDef = definitionsOf(doc).NotifyType;
    expect(isObject(enumDef) ? enumDef.enum : undefined).toEqual(names);
    for (const t of types) {
      expect(t.notifyType).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
      expect(ids.has(t.destination), t.notifyType).toBe(true);
      const v = validatorFor('realtime.json', t.payload);
      expect(v({ notifyType: 'SOMETHING_ELSE', senderId: 'a', dataId: 'b', roomId: 'r' }), t.notifyType).toBe(false);
    }
    for (const n of ['ROOM_CREATE', 'NEW_MESSAGE', 'MESSAGE_DELETED', 'MESSAGE_VOTE', 'FORCE_LOGOUT', 'HEALTH_CHECK', 'CONFERENCE_CALL', 'AUTH_OTP_GENERATED']) {
      expect(names).toContain(n);
    }
  });

  it('validates sample frames', () => {
    const any = validatorFor('realtime.json', 'AnyNotification');
    expect(any({ notifyType: 'HEALTH_CHECK', senderId: 'SYSTEM', dataId: 'h1', data: { ts: 1 } })).toBe(true);
    expect(any({ notifyType: 'ROOM_DELETE', senderId: 'a1', dataId: 'r1', roomId: 'r1' })).toBe(true);
    expect(any({ notifyType: 'NEW_MESSAGE', senderId: 'a1', dataId: 'm1', roomId: 'r1', data: { roomId: 'r1', messageId: 'm1', messageType: 'TEXT' } })).toBe(true);
    expect(any({ notifyType: 'NEW_MESSAGE', senderId: 'a1', dataId: 'm1', roomId: 'r1' })).toBe(false);
    const topic = validatorFor('realtime.json', 'TopicMessage');
    for (const type of TOPIC_TYPES) expect(topic({ roomId: 'r1', accountName: 'alice', type })).toBe(true);
    expect(topic({ roomId: 'r1', accountName: 'alice', type: 'SHOUT' })).toBe(false);
  });
});

describe('error catalogue', () => {
  const doc = byRel.get('errors.json') ?? {};
  const codes = isObject(doc.codes) ? doc.codes : {};

  it('every code has a status, three locales and a description', () => {
    expect(Object.keys(codes)).toContain('UI_IM_E9912');
    for (const [code, entry] of Object.entries(codes)) {
      expect(code).toMatch(/^UI_IM_E\d{4}$/);
      expect(isObject(entry), code).toBe(true);
      if (!isObject(entry)) continue;
      expect(Number.isInteger(entry.httpStatus) && (entry.httpStatus as number) >= 400 && (entry.httpStatus as number) < 600, code).toBe(true);
      for (const k of ['en_US', 'zh_TW', 'zh_CN', 'description']) {
        expect(typeof entry[k] === 'string' && (entry[k] as string).length > 0, `${code}.${k}`).toBe(true);
      }
    }
    const enumDef = definitionsOf(doc).ErrorCode;
    expect(isObject(enumDef) ? enumDef.enum : undefined).toEqual(Object.keys(codes));
  });

  it('covers the messages of seed section 8 a server can return', () => {
    const english = Object.values(codes).map((e) => (isObject(e) ? String(e.en_US) : ''));
    for (const text of [
      'Input not valid, please check',
      'Incorrect login name or password',
      'Update Fail',
      "You can't send messages to this group because you're no longer a participant",
      'According to the room policy, you can\'t send messages to this group',
      'Certain accounts are unable to add.',
      'You are already exited this room',
      'This message is still processing, please try again later',
      'Please check the name length',
      'Options must between 2 to 8',
      'Session Timeout, Please request login again',
    ]) {
      expect(english, text).toContain(text);
    }
  });
});
