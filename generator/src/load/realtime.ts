/** Destinations, notification types and topic types from the `x-realtime` keyword of schema/realtime.json. */
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
}

export interface RealtimeSpec {
  destinations: Destination[];
  notifyTypes: string[];
  topicTypes: string[];
  problems: Problem[];
}

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
    const params = [...pattern.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => m[1]!);
    out.push({
      name,
      pattern,
      params,
      socket: typeof entry.socket === 'string' ? entry.socket : '',
      description: typeof entry.description === 'string' ? entry.description : '',
    });
  });
  return out.sort((a, b) => (a.name < b.name ? -1 : 1));
}

export function readRealtime(project: Project): RealtimeSpec {
  const schema = project.schemas.get('realtime.json');
  const problems: Problem[] = [];
  if (!schema) return { destinations: [], notifyTypes: [], topicTypes: [], problems };
  const spec = schema.json['x-realtime'];
  if (!isObject(spec)) {
    problems.push(error(schema.file, '/x-realtime', 'must be an object with destinations, notifyTypes and topicTypes'));
    return { destinations: [], notifyTypes: [], topicTypes: [], problems };
  }
  const destinations = destinationsOf(spec.destinations, schema.file, problems);
  const notifyTypes = stringList(project, spec.notifyTypes ?? spec.notificationTypes);
  const topicTypes = stringList(project, spec.topicTypes ?? spec.topicMessageTypes);
  if (destinations.length === 0) problems.push(error(schema.file, '/x-realtime/destinations', 'must list the destinations'));
  if (!notifyTypes) problems.push(error(schema.file, '/x-realtime/notifyTypes', 'must list the notification types'));
  if (!topicTypes) problems.push(error(schema.file, '/x-realtime/topicTypes', 'must list the topic types'));
  return { destinations, notifyTypes: notifyTypes ?? [], topicTypes: topicTypes ?? [], problems };
}
