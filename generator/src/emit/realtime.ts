/**
 * generated/realtime/: the realtime contract of schema/realtime.json as code both sides share: destination and
 * send builders and parsers, the notification and topic payload types, and ajv validators (standalone, no runtime
 * dependency, so the browser bundle and the server load the same file) for what each side receives.
 */
import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import { ChatgenError } from '../errors.ts';
import type { Contract } from '../load/contract.ts';
import type { Project } from '../load/project.ts';
import type { Destination, Send } from '../load/realtime.ts';
import { createAjv } from '../validate/ajv.ts';
import { commentText, render, TS_HEADER } from './render.ts';

// CommonJS module: the function is the module itself or its `default`, depending on the loader's interop.
const standaloneCode = ((standaloneCodeModule as unknown as { default?: typeof standaloneCodeModule }).default ??
  standaloneCodeModule) as typeof standaloneCodeModule;

/** The union of every notification: validated by dispatch on `notifyType`, not by its 46-branch `oneOf`. */
const ANY_NOTIFICATION = 'AnyNotification';

/** `/queue/{mqSysName}.{accountId}` → the body of a template literal with `${mqSysName}` slots. */
function templateOf(pattern: string): string {
  return pattern.replace(/[`\\]|\$(?=\{)/g, (c) => `\\${c}`).replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, '${$1}');
}

/**
 * A regular expression literal matching a destination pattern. A parameter is 1..200 characters without '/',
 * whitespace or control characters; one that follows another parameter and a separator (`{mqSysName}.{accountId}`)
 * may not hold the separator's first character, so the split is at the last separator (mqSysName may hold dots).
 */
function regexOf(pattern: string): string {
  const parts = pattern.split(/(\{[A-Za-z_][A-Za-z0-9_]*\})/).filter((p) => p !== '');
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const body = parts.map((part, i) => {
    if (!part.startsWith('{')) return escape(part);
    const separator = i >= 2 && parts[i - 2]!.startsWith('{') ? parts[i - 1]![0] : undefined;
    return `([^${separator ? escape(separator) : ''}\\/\\s\\x00-\\x1f]{1,200})`;
  });
  return `/^${body.join('')}$/`;
}

const paramList = (params: string[]) => params.map((p) => `${p}: string | number`).join(', ');

/** Builders, the parsed union and the parser of a list of destinations or sends. */
function patternCode(kind: 'Destination' | 'Send', items: Array<Destination | Send>): string[] {
  const union = items.map((d) => `  | { name: ${JSON.stringify(d.name)}${d.params.map((p) => `; ${p}: string`).join('')} }`);
  const rows = items.map((d) => {
    const fields = d.params.map((p, i) => `${p}: m[${i + 1}]!`).join(', ');
    return `  [${regexOf(d.pattern)}, (${fields ? 'm' : ''}) => ({ name: ${JSON.stringify(d.name)}${fields ? `, ${fields}` : ''} })],`;
  });
  return [
    `/** A ${kind.toLowerCase()} of the contract with its parameters. */`,
    `export type Parsed${kind} =`,
    ...union,
    ...(items.length === 0 ? ['  never'] : []),
    '  ;',
    '',
    `const ${kind.toUpperCase()}_PATTERNS: ReadonlyArray<readonly [RegExp, (m: RegExpExecArray) => Parsed${kind}]> = [`,
    ...rows,
    '];',
    '',
    `/** The ${kind.toLowerCase()} a STOMP destination names, or null for anything else. */`,
    `export function parse${kind}(destination: string): Parsed${kind} | null {`,
    `  for (const [pattern, build] of ${kind.toUpperCase()}_PATTERNS) {`,
    '    const match = pattern.exec(destination);',
    '    if (match) return build(match);',
    '  }',
    '  return null;',
    '}',
  ];
}

function unionOf(names: readonly string[]): string {
  return names.length === 0 ? 'never' : names.join(' | ');
}

function indexCode(contract: Contract): string {
  const { destinations, sends, notifications } = contract.realtime;
  const typeNames = [...new Set([...destinations.flatMap((d) => d.carries), ...sends.map((s) => s.payload), ...notifications.map((n) => n.payload)])].sort();
  const view = destinations.map((d) => ({
    ...d,
    template: templateOf(d.pattern),
    carriesList: d.carries.map((c) => JSON.stringify(c)).join(', '),
    comment: commentText(`${d.description || d.name} \`${d.pattern}\`${d.socket ? ` on ${d.socket}` : ''}.`),
  }));
  const head = render('realtime.ts', {
    destinations: view,
    notifyTypes: [...contract.realtime.notifyTypes],
    topicTypes: [...contract.realtime.topicTypes],
  }).replace(TS_HEADER, [TS_HEADER, typeNames.length > 0 ? `import type { ${typeNames.join(', ')} } from '../types/index.ts';` : ''].join('\n'));
  const lines = [
    '',
    ...(typeNames.length > 0 ? [`export type { ${typeNames.join(', ')} };`, ''] : []),
    ...patternCode('Destination', destinations),
    '',
    '/** What a frame body on each destination is (`carries`). */',
    'export interface DestinationBodies {',
    ...destinations.map((d) => `  ${d.name}: ${unionOf(d.carries)};`),
    '}',
    '',
    '/** Client SENDs of schema/realtime.json (`x-realtime.sends`). */',
    'export const sends = {',
    ...sends.map((s) => `  ${s.name}: { pattern: ${JSON.stringify(s.pattern)}, socket: ${JSON.stringify(s.socket)}, payload: ${JSON.stringify(s.payload)} },`),
    '} as const;',
    '',
    'export type SendName = keyof typeof sends;',
    '',
    '/** The body each send carries. */',
    'export interface SendPayloads {',
    ...sends.map((s) => `  ${s.name}: ${s.payload};`),
    '}',
    '',
    '/** The destination of each send. */',
    'export const sendDestination = {',
    ...sends.flatMap((s) => [
      `  /** ${commentText(s.description || s.name)} */`,
      `  ${s.name}: (${paramList(s.params)}): string => \`${templateOf(s.pattern)}\`,`,
    ]),
    '} as const;',
    '',
    ...patternCode('Send', sends),
    '',
    '/** The frame body of each notification type. */',
    'export interface NotificationPayloads {',
    ...notifications.map((n) => `  ${n.notifyType}: ${n.payload};`),
    '}',
    '',
    '/** The notification of one type: `NotificationOf<\'NEW_MESSAGE\'>`. */',
    'export type NotificationOf<T extends keyof NotificationPayloads> = NotificationPayloads[T];',
    '',
    '/** The destination that carries each notification type. */',
    'export const notificationDestinations = {',
    ...notifications.map((n) => `  ${n.notifyType}: ${JSON.stringify(n.destination)},`),
    '} as const;',
    '',
    '/** The notifications a destination carries: `NotificationOn<\'accountTopic\'>`. */',
    'export type NotificationOn<D extends DestinationName> = NotificationPayloads[{',
    '  [T in keyof NotificationPayloads]: (typeof notificationDestinations)[T] extends D ? T : never;',
    '}[keyof NotificationPayloads]];',
    '',
  ];
  return `${head}${lines.join('\n')}`;
}

/** ajv's one runtime helper the realtime payloads need, inlined so the file imports nothing. */
const UCS2LENGTH = `/** Length in Unicode code points (a surrogate pair counts once), as ajv counts minLength and maxLength. */
function ucs2length(str) {
  let length = 0;
  for (let pos = 0; pos < str.length; length++) {
    const code = str.charCodeAt(pos++);
    if (code >= 0xd800 && code <= 0xdbff && pos < str.length && (str.charCodeAt(pos) & 0xfc00) === 0xdc00) pos++;
  }
  return length;
}`;

function validatorsCode(project: Project, contract: Contract): string {
  const { destinations, sends, notifications } = contract.realtime;
  const schemaId = project.schemas.get('realtime.json')?.id ?? '';
  const fn = (name: string) => (name === ANY_NOTIFICATION ? 'validateNotification' : `validate${name}`);
  const names = [...new Set([...destinations.flatMap((d) => d.carries), ...sends.map((s) => s.payload), ...notifications.map((n) => n.payload)])]
    .filter((n) => n !== ANY_NOTIFICATION)
    .sort();
  const refs = Object.fromEntries(names.map((n) => [fn(n), `${schemaId}#/definitions/${n}`]));
  const { ajv } = createAjv(project, { standalone: true });
  const compiled = names.length === 0 ? '' : standaloneCode(ajv, refs).replace(/^"use strict";\s*/, '');
  const code = compiled.replace(/require\("ajv\/dist\/runtime\/ucs2length"\)\.default/g, 'ucs2length');
  const leftover = /require\([^)]*\)/.exec(code);
  if (leftover) throw new ChatgenError(`generated/realtime/validators.js would need ${leftover[0]}: inline it in generator/src/emit/realtime.ts`);
  return [
    TS_HEADER,
    '// Validators of realtime frame bodies compiled by ajv (standalone) from schema/realtime.json.',
    UCS2LENGTH,
    code.trim(),
    '',
    '/** The validator of each notification type\'s frame body. */',
    `export const notificationValidators = Object.freeze({ ${notifications.map((n) => `${n.notifyType}: ${fn(n.payload)}`).join(', ')} });`,
    '',
    '/** A notification of a type the contract knows, matching that type\'s definition. */',
    'export function validateNotification(data) {',
    '  const type = data !== null && typeof data === "object" ? data.notifyType : undefined;',
    '  const validate = typeof type === "string" && Object.hasOwn(notificationValidators, type) ? notificationValidators[type] : undefined;',
    '  if (!validate) {',
    '    validateNotification.errors = [{ instancePath: "/notifyType", schemaPath: "#/properties/notifyType", keyword: "enum", params: { allowedValues: Object.keys(notificationValidators) }, message: "must be a known notification type" }];',
    '    return false;',
    '  }',
    '  const valid = validate(data);',
    '  validateNotification.errors = validate.errors;',
    '  return valid;',
    '}',
    '',
    '/** Passes what any of `validators` passes; otherwise the errors of each. */',
    'function anyOf(validators) {',
    '  const validate = (data) => {',
    '    const errors = [];',
    '    for (const each of validators) {',
    '      if (each(data)) {',
    '        validate.errors = null;',
    '        return true;',
    '      }',
    '      errors.push(...(each.errors ?? []));',
    '    }',
    '    validate.errors = errors;',
    '    return false;',
    '  };',
    '  return validate;',
    '}',
    '',
    '/** The validator of a frame body received on each destination (what it `carries`). */',
    `export const destinationValidators = Object.freeze({ ${destinations.map((d) => `${d.name}: anyOf([${d.carries.map(fn).join(', ')}])`).join(', ')} });`,
    '',
    '/** The validator of the body of each client send. */',
    `export const sendValidators = Object.freeze({ ${sends.map((s) => `${s.name}: ${fn(s.payload)}`).join(', ')} });`,
    '',
  ].join('\n');
}

const VALIDATORS_DTS = `${TS_HEADER}
import type { AnyNotification, DestinationBodies, DestinationName, NotificationPayloads, SendName, SendPayloads } from './index.ts';

export interface FrameValidationError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** An ajv validator of one frame body; after a failed call \`errors\` lists why. */
export interface FrameValidator<T> {
  (data: unknown): data is T;
  errors?: FrameValidationError[] | null;
}

/** A notification of a type the contract knows, matching that type's definition. */
export declare const validateNotification: FrameValidator<AnyNotification>;
export declare const notificationValidators: Readonly<{ [T in keyof NotificationPayloads]: FrameValidator<NotificationPayloads[T]> }>;
/** What a client may receive on each destination. */
export declare const destinationValidators: Readonly<{ [D in DestinationName]: FrameValidator<DestinationBodies[D]> }>;
/** What the server may receive from each client send. */
export declare const sendValidators: Readonly<{ [S in SendName]: FrameValidator<SendPayloads[S]> }>;
`;

export function emitRealtime(project: Project, contract: Contract): Map<string, string> {
  return new Map([
    ['realtime/index.ts', indexCode(contract)],
    ['realtime/validators.js', validatorsCode(project, contract)],
    ['realtime/validators.d.ts', VALIDATORS_DTS],
  ]);
}
