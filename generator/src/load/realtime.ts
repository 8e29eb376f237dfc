/**
 * Destinations, client sends, notification types (with their payload definitions) and topic types from the
 * `x-realtime` keyword of schema/realtime.json.
 */
import { error, type Problem } from '../problems.ts';
import { isObject, type JsonValue } from '../util/json.ts';
import { isIdentifier } from '../util/names.ts';
import type { Project } from './project.ts';
import { atPointer, resolveRef } from './refs.ts';

export interface Destination {
  /** Builder function name (`replyQueue`). */
  name: string;
  /** Destination template with `{param}` placeholders (`/queue/{mqSysName}.{accountId}`). */
  pattern: string;
  params: string[];
  /** Socket path it is subscribed on, when given (`/v3/ws`, `/v3/wslogin`). */
  socket: string;
  description: string;
  /** Definitions of schema/realtime.json a frame body on it may be (`carries`): one of them, tried in order. */
  carries: string[];
}

/** A client SEND (`x-realtime.sends`): where it goes and the definition its body must match. */
export interface Send {
  name: string;
  pattern: string;
  params: string[];
  socket: string;
  description: string;
  payload: string;
}

/** A notification type with the definition of its frame body and the destination that carries it. */
export interface NotificationSpec {
  notifyType: string;
  payload: string;
  destination: string;
}

export interface RealtimeSpec {
  destinations: Destination[];
  sends: Send[];
  notifyTypes: string[];
  /** The notification types whose payload definition the schema names (`notificationTypes[].payload`). */
  notifications: NotificationSpec[];
  topicTypes: string[];
  problems: Problem[];
}

const EMPTY: Omit<RealtimeSpec, 'problems'> = { destinations: [], sends: [], notifyTypes: [], notifications: [], topicTypes: [] };

const PATTERN_KEYS = ['pattern', 'destination', 'template', 'path'];

function stringList(project: Project, value: JsonValue | undefined): string[] | undefined {
  if (Array.isArray(value)) {
    const out = value.map((v) =>
      typeof v === 'string' ? v : isObject(v) ? (v.notifyType ?? v.type ?? v.name ?? v.id ?? v.value ?? v.const) : undefined,
    );
    return out.every((v) => typeof v === 'string') ? (out as string[]) : undefined;
  }
  if (isObject(value)) {
    if (Array.isArray(value.enum)) return stringList(project, value.enum);
    if (typeof value.$ref === 'string') {
      const schema = project.schemas.get('realtime.json')!;
      const target = resolveRef(project, schema, value.$ref);
      const node = target ? atPointer(target.schema.json, target.pointer) : undefined;
      return isObject(node) ? stringList(project, node) : undefined;
    }
    const keys = Object.keys(value);
    if (keys.length > 0 && keys.every((k) => /^[A-Z][A-Z0-9_]*$/.test(k))) return keys;
  }
  return undefined;
}

const paramsOf = (pattern: string): string[] => [...pattern.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => m[1]!);

const namesOf = (value: JsonValue | undefined): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

function destinationsOf(value: JsonValue | undefined, file: string, problems: Problem[]): Destination[] {
  const items: Array<[string | undefined, JsonValue]> = Array.isArray(value)
    ? value.map((v) => [undefined, v])
    : isObject(value)
      ? Object.entries(value).map(([k, v]) => [k, v as JsonValue])
      : [];
  const out: Destination[] = [];
  items.forEach(([key, item], i) => {
    const at = `/x-realtime/destinations/${key ?? i}`;
    const entry = isObject(item) ? item : typeof item === 'string' ? { pattern: item } : undefined;
    const label = entry ? (entry.name ?? entry.id) : undefined;
    const name = key ?? (typeof label === 'string' ? label : undefined);
    const pattern = entry ? PATTERN_KEYS.map((k) => entry[k]).find((v) => typeof v === 'string') : undefined;
    if (!entry || !name || !isIdentifier(name) || typeof pattern !== 'string') {
      problems.push(error(file, at, 'must be {"id": identifier, "pattern": "/topic/room.{roomId}", ...}'));
      return;
    }
    out.push({
      name,
      pattern,
      params: paramsOf(pattern),
      socket: typeof entry.socket === 'string' ? entry.socket : '',
      description: typeof entry.description === 'string' ? entry.description : '',
      carries: namesOf(entry.carries),
    });
  });
  return out.sort((a, b) => (a.name < b.name ? -1 : 1));
}

function sendsOf(value: JsonValue | undefined, file: string, problems: Problem[]): Send[] {
  if (value === undefined) return [];
  const out: Send[] = [];
  (Array.isArray(value) ? value : [value]).forEach((item, i) => {
    const entry = isObject(item) ? item : undefined;
    const { id, destination, payload } = entry ?? {};
    if (!entry || typeof id !== 'string' || !isIdentifier(id) || typeof destination !== 'string' || typeof payload !== 'string') {
      problems.push(error(file, `/x-realtime/sends/${i}`, 'must be {"id": identifier, "destination": "/app/...", "payload": definition}'));
      return;
    }
    out.push({
      name: id,
      pattern: destination,
      params: paramsOf(destination),
      socket: typeof entry.socket === 'string' ? entry.socket : '',
      description: typeof entry.description === 'string' ? entry.description : '',
      payload,
    });
  });
  return out.sort((a, b) => (a.name < b.name ? -1 : 1));
}

function notificationsOf(value: JsonValue | undefined): NotificationSpec[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) =>
    isObject(item) && typeof item.notifyType === 'string' && typeof item.payload === 'string'
      ? [{ notifyType: item.notifyType, payload: item.payload, destination: typeof item.destination === 'string' ? item.destination : '' }]
      : [],
  );
}

/** Names in `carries` and `payload` must be definitions of schema/realtime.json. */
function undefinedNames(spec: Omit<RealtimeSpec, 'problems'>, definitions: JsonValue | undefined, file: string): Problem[] {
  const known = new Set(isObject(definitions) ? Object.keys(definitions) : []);
  const used: Array<[string, string]> = [
    ...spec.destinations.flatMap((d) => d.carries.map((c): [string, string] => [`/x-realtime/destinations/${d.name}/carries`, c])),
    ...spec.sends.map((s): [string, string] => [`/x-realtime/sends/${s.name}/payload`, s.payload]),
    ...spec.notifications.map((n): [string, string] => [`/x-realtime/notificationTypes/${n.notifyType}/payload`, n.payload]),
  ];
  return used.filter(([, name]) => !known.has(name)).map(([at, name]) => error(file, at, `names ${name}, which is not a definition of this file`));
}

export function readRealtime(project: Project): RealtimeSpec {
  const schema = project.schemas.get('realtime.json');
  const problems: Problem[] = [];
  if (!schema) return { ...EMPTY, problems };
  const spec = schema.json['x-realtime'];
  if (!isObject(spec)) {
    problems.push(error(schema.file, '/x-realtime', 'must be an object with destinations, notifyTypes and topicTypes'));
    return { ...EMPTY, problems };
  }
  const destinations = destinationsOf(spec.destinations, schema.file, problems);
  const sends = sendsOf(spec.sends, schema.file, problems);
  const notifications = notificationsOf(spec.notificationTypes);
  const notifyTypes = stringList(project, spec.notifyTypes ?? spec.notificationTypes);
  const topicTypes = stringList(project, spec.topicTypes ?? spec.topicMessageTypes);
  if (destinations.length === 0) problems.push(error(schema.file, '/x-realtime/destinations', 'must list the destinations'));
  if (!notifyTypes) problems.push(error(schema.file, '/x-realtime/notifyTypes', 'must list the notification types'));
  if (!topicTypes) problems.push(error(schema.file, '/x-realtime/topicTypes', 'must list the topic types'));
  const result = { destinations, sends, notifyTypes: notifyTypes ?? [], notifications, topicTypes: topicTypes ?? [] };
  problems.push(...undefinedNames(result, schema.json.definitions, schema.file));
  return { ...result, problems };
}
