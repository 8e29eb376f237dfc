import { describe, expect, it } from 'vitest';
import { loadProject, resolveVariant } from '../../generator/src/index.ts';
import {
  LOCALES,
  ROOT,
  SCHEMA_FILES,
  contrast,
  createAjv,
  defaultsOf,
  leavesOf,
  loadSchema,
  loadVariants,
  variantFiles,
  type JsonObject,
} from './helpers.ts';

const SEED_IDS = [
  'DEV', 'DEV_GRID_VERSION', 'DEV_GRID_CHILD', 'DEV_LITE_VERSION', 'TRIAL', 'PRD', 'HOSPITAL',
  'HOSPITAL_GRID_VERSION', 'HOSPITAL_GRID_CHILD', 'HOSPITAL_LITE_VERSION', 'JUDI', 'EPD', 'EPD_UAT', 'RIPEN',
  'HKMA', 'HKMA_UAT', 'HKP', 'HKP_UAT', 'CSD', 'CSDDS',
];
const FLAG_GROUPS = [
  'startup', 'login', 'layout', 'message-types', 'messaging', 'media', 'rooms', 'room-info', 'broadcast',
  'contacts', 'settings', 'notifications', 'help', 'apps', 'security',
];

const ajv = createAjv();
const validateVariant = ajv.getSchema('https://chatgen.dev/schema/variant.schema.json')!;
const flagsSchema = loadSchema('flags.json');
const flagNames = new Set(Object.keys(flagsSchema.properties ?? {}));
const wordingSchema = loadSchema('wording.schema.json');
const wordingKeys = new Set(Object.keys(wordingSchema.definitions?.WordingOverrides?.properties ?? {}));
const variants = loadVariants();
// Resolved exactly as `chatgen show ID` resolves them.
const project = loadProject(ROOT);
const resolved = new Map([...variants.keys()].map((id) => [id, resolveVariant(project, id).config as unknown as JsonObject]));

const flagsOf = (id: string) => resolved.get(id)!.flags as Record<string, boolean>;
const themeOf = (id: string) => resolved.get(id)!.theme as { colors: Record<string, string>; sizes: Record<string, unknown>; login: JsonObject };
const wordingOf = (id: string, locale = 'en_US') => (resolved.get(id)!.wording as Record<string, Record<string, string>>)[locale]!;
const layoutOf = (id: string) => resolved.get(id)!.layout as { columns: Record<string, number>; grid: Record<string, number>; chatRoomWidth: Record<string, number> };

describe('schemas', () => {
  it.each(SCHEMA_FILES)('%s is draft-07 with its $id and compiles in strict mode', (file) => {
    const schema = loadSchema(file);
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.$id).toBe(`https://chatgen.dev/schema/${file}`);
    expect(ajv.getSchema(`https://chatgen.dev/schema/${file}`)).toBeTypeOf('function');
  });

  it('flags.json holds 130 to 170 well-formed flags, each with type, default, description and group', () => {
    expect(flagsSchema.additionalProperties).toBe(false);
    expect(flagNames.size).toBeGreaterThanOrEqual(130);
    expect(flagNames.size).toBeLessThanOrEqual(170);
    for (const [name, s] of Object.entries(flagsSchema.properties ?? {})) {
      expect(name, name).toMatch(/^IS_(ALLOW|SHOW)_[A-Z0-9_]+$/);
      expect(s.type, name).toBe('boolean');
      expect(typeof s.default, name).toBe('boolean');
      expect(s.description?.length ?? 0, name).toBeGreaterThan(10);
      expect(FLAG_GROUPS, name).toContain(s['x-flag-group']);
    }
    const groups = new Set(Object.values(flagsSchema.properties ?? {}).map((s) => s['x-flag-group']));
    expect([...groups].sort()).toEqual([...FLAG_GROUPS].sort());
  });

  it('the flag defaults validate against flags.json', () => {
    const defaults = defaultsOf(flagsSchema);
    expect(Object.keys(defaults)).toHaveLength(flagNames.size);
    expect(ajv.validate('https://chatgen.dev/schema/flags.json', defaults), ajv.errorsText()).toBe(true);
  });

  it.each(['theme.schema.json', 'constants.schema.json'] as const)('%s: every leaf has a default and a description, no required, and the defaults validate', (file) => {
    const schema = loadSchema(file);
    expect(JSON.stringify(schema)).not.toContain('"required"');
    const leaves = leavesOf(schema);
    expect(leaves.length).toBeGreaterThan(10);
    for (const [path, s] of leaves) {
      expect(s.default, `${file} ${path}`).not.toBeUndefined();
      expect(s.description?.length ?? 0, `${file} ${path}`).toBeGreaterThan(3);
    }
    expect(ajv.validate(schema.$id as string, defaultsOf(schema)), ajv.errorsText()).toBe(true);
  });

  it('constants carry the seed values', () => {
    const c = defaultsOf(loadSchema('constants.schema.json')) as Record<string, Record<string, unknown>>;
    expect(c.pageSizes).toMatchObject({ roomList: 30, messageFetchBatch: 10, messageListBatch: 25, messageListMaxKept: 200, starredMessages: 15, roomInfoMembers: 20, unreadBuffer: 3 });
    expect(c.timings).toMatchObject({ pushNotificationPollMs: 500, enterRoomMaxBlockMs: 5000, popupNotificationDestroyMs: 3500, iconClickThrottleMs: 300, throttleMs: 500, heartbeatIntervalsMs: [180000, 15000, 15000, 15000] });
    expect(c.socket).toMatchObject({ reconnectIntervalMs: 10000, reconnectTries: 3, maxMissedHeartbeats: 3, sessionIdLength: 32 });
    expect(c.crypto).toMatchObject({ aesKeyBytes: 32, aesIvBytes: 16, gcmIvBytes: 12, gcmTagBits: 128, algorithms: ['CBC', 'CTR', 'GCM'], rsaModulusBits: 2048, rsaPublicExponent: 65537, pemLineLength: 64 });
    expect(c.qr).toMatchObject({ errorCorrectionLevel: 'H', iconSize: 24, counterStart: 1 });
    expect(c.limits).toMatchObject({ pollOptionsMin: 2, pollOptionsMax: 8, muteMaxHours: 336, datePickerMin: '1970-01-01', datePickerMax: '2090-12-31', errorDateFormat: 'YYYY/MM/DD HH:mm:ss', roomNameMaxLength: 25, roomNameLengthBuffer: 5, customDisplayNameMaxLength: 30, searchNameMaxLength: 25, synonymMaxLength: 25 });
    expect(c.upload).toEqual({ imageTypes: ['gif', 'jpeg', 'jpg', 'png'], previewTypes: ['mp4', 'webm', 'ogg', 'pdf'] });
  });

  it('theme defaults give WCAG AA contrast', () => {
    const { colors } = defaultsOf(loadSchema('theme.schema.json')) as { colors: Record<string, string> };
    for (const [fg, bg] of [['text', 'surface'], ['text', 'surfaceAlt'], ['textMuted', 'surface'], ['textMuted', 'surfaceAlt'], ['accentContrast', 'accent'], ['link', 'surface'], ['text', 'bubbleOwn'], ['text', 'bubbleOther'], ['systemMessage', 'surface'], ['danger', 'surface'], ['unreadBadgeText', 'unreadBadge'], ['restrictedBannerText', 'restrictedBanner']] as const) {
      expect(contrast(colors[fg]!, colors[bg]!), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('every wording key is a string with en_US, zh_TW and zh_CN defaults', () => {
    expect(wordingKeys.size).toBeGreaterThanOrEqual(13);
    for (const key of ['departmentTitle', 'sendFilesLabel', 'exportedMessagesLabel', 'helpLabel', 'deleteGroupLabel', 'chatbotNotice', 'loginFailure', 'loginNameLabel', 'qrInstructions', 'restrictedNotice', 'appTitle', 'customErrorTitle', 'customErrorMessage']) {
      expect(wordingKeys, key).toContain(key);
    }
    for (const [key, s] of Object.entries(wordingSchema.definitions!.WordingOverrides!.properties!)) {
      expect(s.type, key).toBe('string');
      expect(Object.keys(s['x-defaults'] ?? {}).sort(), key).toEqual([...LOCALES].sort());
      if (key !== 'chatbotNotice') for (const locale of LOCALES) expect(s['x-defaults']![locale], `${key} ${locale}`).not.toBe('');
    }
    const d = (key: string) => wordingSchema.definitions!.WordingOverrides!.properties![key]!['x-defaults']!;
    expect(d('helpLabel').en_US).toBe('Help and Update');
    expect(d('loginFailure').en_US).toBe('Incorrect login name or password');
    expect(d('customErrorTitle').en_US).toBe('Oops! Something Went Wrong.');
    expect(d('customErrorMessage').en_US).toBe('You just encountered an unexpected error, please login again.');
    expect(d('restrictedNotice').en_US).toBe('RESTRICTED');
    expect(d('departmentTitle').zh_TW).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('variant schema rejects what it must', () => {
  const valid = (doc: unknown) => validateVariant(doc) as boolean;
  it('accepts a minimal document', () => expect(valid({ id: 'CSD' })).toBe(true));
  it('rejects a malformed id, an unknown top-level key and a missing id (ids are file names: chatgen checks the file exists)', () => {
    expect(valid({ id: 'ACME_HEALTH' })).toBe(true);
    expect(valid({ id: 'acme' })).toBe(false);
    expect(valid({ id: 'CSD', extends: 'hospital' })).toBe(false);
    expect(valid({ id: 'CSD', colour: 'red' })).toBe(false);
    expect(valid({ title: 'x' })).toBe(false);
  });
  it('accepts an unknown but well-formed flag (reported later as missing from the default set) and rejects a malformed one', () => {
    expect(valid({ id: 'CSD', flags: { IS_ALLOW_SOMETHING_NEW: true } })).toBe(true);
    expect(valid({ id: 'CSD', flags: { ALLOW_STICKER: true } })).toBe(false);
    expect(valid({ id: 'CSD', flags: { IS_ALLOW_STICKER: 'yes' } })).toBe(false);
  });
  it('rejects unknown wording keys, locales, theme and constants leaves and bad values', () => {
    expect(valid({ id: 'CSD', wording: { en_US: { helpLabel: 'Help' } } })).toBe(true);
    expect(valid({ id: 'CSD', wording: { en_US: { notAKey: 'x' } } })).toBe(false);
    expect(valid({ id: 'CSD', wording: { fr_FR: {} } })).toBe(false);
    expect(valid({ id: 'CSD', theme: { colors: { accent: 'blue' } } })).toBe(false);
    expect(valid({ id: 'CSD', theme: { colors: { accnt: '#000000' } } })).toBe(false);
    expect(valid({ id: 'CSD', theme: { sizes: { loginFormWidth: '70' } } })).toBe(false);
    expect(valid({ id: 'CSD', constants: { pageSizes: { roomList: 50 } } })).toBe(true);
    expect(valid({ id: 'CSD', constants: { roomListPageSize: 30 } })).toBe(false);
    expect(valid({ id: 'CSD', layout: { columns: { left: 13 } } })).toBe(false);
    expect(valid({ id: 'CSD', links: { faq: 'not a url' } })).toBe(false);
    expect(valid({ id: 'CSD', links: { faq: '' } })).toBe(true);
    expect(valid({ id: 'CSD', server: { host: 'https://chat.example.com/path' } })).toBe(false);
    expect(valid({ id: 'CSD', server: { framePolicy: 'ALLOW' } })).toBe(false);
  });
});

describe('shipped variants', () => {
  it('include the 20 variants of the seed (a customer added later is one more file, see docs/variant-format.md)', () => {
    expect(SEED_IDS).toHaveLength(20);
    expect(variantFiles()).toEqual(expect.arrayContaining(SEED_IDS.map((id) => `${id}.json`)));
    for (const file of variantFiles()) expect(file).toMatch(/^[A-Z][A-Z0-9_]*\.json$/);
  });

  it.each([...variants.keys()])('%s validates, its id is its file name and its extends chain ends', (id) => {
    const doc = variants.get(id)!;
    expect(validateVariant(doc), JSON.stringify(validateVariant.errors)).toBe(true);
    expect(doc.id).toBe(id);
    expect(doc.$schema).toBe('../generated/schema/variant.json');
    expect(resolved.get(id)!.id).toBe(id);
  });

  it.each([...variants.keys()])('%s uses only known flags and wording keys', (id) => {
    for (const name of Object.keys((variants.get(id)!.flags as JsonObject | undefined) ?? {})) expect(flagNames, `${id} ${name}`).toContain(name);
    for (const [locale, words] of Object.entries((variants.get(id)!.wording as JsonObject | undefined) ?? {})) {
      expect(LOCALES as readonly string[]).toContain(locale);
      for (const key of Object.keys(words as JsonObject)) expect(wordingKeys, `${id} ${locale} ${key}`).toContain(key);
    }
  });

  it.each([...variants.keys()])('%s resolves to a complete, valid document with 12 columns and readable colours', (id) => {
    const r = resolved.get(id)!;
    expect(validateVariant(r), JSON.stringify(validateVariant.errors)).toBe(true);
    for (const key of ['title', 'version', 'buildVersion', 'environment']) expect(r[key], key).toBeDefined();
    expect(Object.keys(r.flags as JsonObject)).toHaveLength(flagNames.size);
    const { columns, chatRoomWidth } = layoutOf(id);
    expect(columns.left! + columns.main! + columns.right!).toBe(12);
    expect(chatRoomWidth.min!).toBeLessThanOrEqual(chatRoomWidth.max!);
    const { colors } = themeOf(id);
    expect(contrast(colors.accentContrast!, colors.accent!), 'accentContrast on accent').toBeGreaterThanOrEqual(4.5);
    expect(contrast(colors.text!, colors.surface!), 'text on surface').toBeGreaterThanOrEqual(4.5);
    expect(contrast(colors.text!, colors.accentSoft!), 'text on accentSoft').toBeGreaterThanOrEqual(4.5);
  });

  it('titles and customer accents are distinct', () => {
    const titles = [...resolved.values()].map((r) => r.title);
    expect(new Set(titles).size).toBe(titles.length);
    const roots = [...variants.entries()].filter(([, v]) => !v.extends).map(([id]) => themeOf(id).colors.accent);
    expect(new Set(roots).size).toBe(roots.length);
  });
});

describe('seed facts', () => {
  it('CSD matches every "in this build" fact', () => {
    const r = resolved.get('CSD')!;
    expect(r).toMatchObject({ version: '1.0.15', buildVersion: 18, environment: 'production' });
    expect(flagsOf('CSD')).toMatchObject({
      IS_ALLOW_BROWSER_CHECK: false, IS_ALLOW_TOKEN_LOGIN: false, IS_ALLOW_SSO_LOGIN: false, IS_ALLOW_FULL_SCREEN: false,
      IS_SHOW_GRID_MODE: false, IS_ALLOW_QR_LOGIN: false, IS_SHOW_PASSWORD_VISIBLE_TOGGLE: true, IS_ALLOW_CONSOLE_LOGGING: false,
    });
    expect(r.login).toMatchObject({ layout: 'vertical', showLabels: true });
    expect(themeOf('CSD').login).toEqual({ layout: 'vertical', showLabels: true });
    expect(wordingOf('CSD').helpLabel).toBe('Help');
    expect(layoutOf('CSD').columns).toEqual({ left: 4, main: 8, right: 0 });
    expect(layoutOf('CSD').chatRoomWidth).toEqual({ min: 790, max: 1450 });
    expect(layoutOf('CSD').grid).toEqual({ rows: 2, columns: 2 });
  });

  it('hospital variants carry the hospital sizes and wording', () => {
    for (const id of ['HOSPITAL', 'HOSPITAL_GRID_VERSION', 'HOSPITAL_GRID_CHILD', 'HOSPITAL_LITE_VERSION']) {
      expect(themeOf(id).sizes, id).toMatchObject({ messageInputText: 15, welcomeText: 30, postTitle: 16, systemMessageText: 14, mediaViewerTitle: 25, mediaViewerTitleWeight: 'bold', loginFormWidth: '70%' });
      expect(wordingOf(id).loginNameLabel).toBe('Corporate ID');
      expect(wordingOf(id).deleteGroupLabel).toBe('Exit and Delete Group (Self)');
      expect(wordingOf(id).loginFailure).toMatch(/Corporate ID and\/or password do not match.*not yet registered on the chat service/);
      expect(wordingOf(id).qrInstructions).not.toBe(wordingOf('PRD').qrInstructions);
      expect(wordingOf(id, 'zh_TW').loginNameLabel).not.toBe(wordingOf('PRD', 'zh_TW').loginNameLabel);
    }
    expect(themeOf('PRD').sizes).toMatchObject({ messageInputText: 20, welcomeText: 50, postTitle: 12, systemMessageText: 16, mediaViewerTitle: 16, loginFormWidth: '100%', overlayOpacity: 0.8 });
  });

  it('grid, grid-child and lite builds', () => {
    for (const id of ['DEV_GRID_VERSION', 'HOSPITAL_GRID_VERSION']) {
      expect(flagsOf(id).IS_SHOW_GRID_MODE, id).toBe(true);
      expect(layoutOf(id).grid).toEqual({ rows: 2, columns: 2 });
    }
    for (const id of ['DEV_GRID_CHILD', 'HOSPITAL_GRID_CHILD']) {
      expect(flagsOf(id)).toMatchObject({ IS_SHOW_GRID_CHILD_MODE: true, IS_SHOW_GRID_MODE: false, IS_ALLOW_TOKEN_LOGIN: true });
      expect((resolved.get(id)!.server as JsonObject).framePolicy).toBe('SAMEORIGIN');
    }
    for (const id of ['DEV_LITE_VERSION', 'HOSPITAL_LITE_VERSION']) {
      expect(flagsOf(id)).toMatchObject({ IS_SHOW_LITE_VERSION: true, IS_ALLOW_WEBVIEW_LOGIN: true, IS_ALLOW_DOWNLOAD_ATTACHMENT: false });
    }
    for (const [id] of variants) {
      if (!/_(GRID_VERSION)$/.test(id)) expect(flagsOf(id).IS_SHOW_GRID_MODE, id).toBe(false);
      if (!/_LITE_VERSION$/.test(id)) expect(flagsOf(id).IS_SHOW_LITE_VERSION, id).toBe(false);
    }
  });

  it('restricted and government variants', () => {
    const restricted = [...variants.keys()].filter((id) => flagsOf(id).IS_SHOW_RESTRICTED_NOTICE);
    expect(restricted.sort()).toEqual(['HKP', 'HKP_UAT', 'JUDI']);
    for (const id of restricted) expect(flagsOf(id)).toMatchObject({ IS_SHOW_HELP_AND_UPDATE: false, IS_SHOW_ABOUT: false, IS_SHOW_RELEASE_NOTE: false });
    for (const id of ['JUDI', 'EPD', 'EPD_UAT', 'HKMA', 'HKMA_UAT', 'HKP', 'HKP_UAT']) expect(flagsOf(id).IS_ALLOW_DOWNLOAD_ATTACHMENT, id).toBe(false);
    const off = (flag: string) => [...variants.keys()].filter((id) => flagsOf(id)[flag] === false);
    for (const flag of ['IS_ALLOW_PRIVATE_ALBUM', 'IS_ALLOW_STICKER', 'IS_ALLOW_VOICE_CALL', 'IS_SHOW_ARCHIVED_MESSAGES']) {
      expect(off(flag).length, flag).toBeGreaterThan(0);
      expect(off(flag).length, flag).toBeLessThan(variants.size);
    }
    expect(off('IS_ALLOW_LOGOUT_OTHER_SESSIONS').length).toBeLessThan(variants.size / 2);
  });

  it('wording overrides of the seed appear in some variants', () => {
    const used = (key: string, text: string) => [...variants.keys()].filter((id) => wordingOf(id)[key] === text);
    expect(used('departmentTitle', 'Organisation Name').length).toBeGreaterThan(0);
    expect(used('sendFilesLabel', 'Attach Files').length).toBeGreaterThan(0);
    expect(used('exportedMessagesLabel', 'Archived Messages').length).toBeGreaterThan(0);
    const notice = [...variants.keys()].filter((id) => flagsOf(id).IS_SHOW_CHATBOT_NOTICE);
    expect(notice).toEqual(['RIPEN']);
    expect(wordingOf('RIPEN').chatbotNotice).toBe('System on testing. For enquiries, please contact {phone}.');
    expect(resolved.get('RIPEN')!.chatbotPhone).not.toBe('');
  });

  it('some variant switches on what CSD switches off (the build test compares bundles)', () => {
    expect(flagsOf('DEV').IS_ALLOW_QR_LOGIN).toBe(true);
    expect(flagsOf('HOSPITAL_GRID_VERSION').IS_SHOW_GRID_MODE).toBe(true);
  });

  it('UAT, GRID and LITE builds extend their customer', () => {
    for (const [id, doc] of variants) {
      const m = /^(.*)_(UAT|GRID_VERSION|GRID_CHILD|LITE_VERSION)$/.exec(id);
      if (m) expect(doc.extends, id).toBe(m[1]);
    }
    expect(variants.get('CSDDS')!.extends).toBe('CSD');
  });

  it('a variant that extends another states only its differences in flags', () => {
    for (const [id, doc] of variants) {
      if (typeof doc.extends !== 'string') continue;
      const parent = flagsOf(doc.extends);
      for (const [name, value] of Object.entries((doc.flags as Record<string, boolean> | undefined) ?? {})) {
        expect(value, `${id} repeats ${name} of ${doc.extends}`).not.toBe(parent[name]);
      }
    }
  });
});
