// What the structured message kinds carry in their (decrypted) text: a JSON object per kind, read defensively
// because it comes from other people's clients. Anything that does not parse is shown as 'not supported'.
import type { BusinessCard, ContactCard } from '@generated/types/index';

export interface LocationPayload {
  latitude: number;
  longitude: number;
  name?: string;
  address?: string;
}

export interface StickerPayload {
  stickerCategoryId: string;
  stickerId: string;
}

export interface ChoicePayload {
  text: string;
  options: { id: string; label: string }[];
  /** A chatbot's card (docs/server-services.md: `{chatbotId, title, options: [{label, value}]}`): answered through the chatbot calls. */
  chatbotId?: string;
}

export interface AppCardPayload {
  name: string;
  description?: string;
  url?: string;
}

export interface DateTimePayload {
  /** Epoch milliseconds. */
  datetime: number;
  text?: string;
}

export type ContactPayload = { kind: 'contact'; card: ContactCard } | { kind: 'business'; card: BusinessCard };

type JsonObject = Record<string, unknown>;

function objectOf(text: string | undefined): JsonObject | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : null;
  } catch {
    return null;
  }
}

const str = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** Keeps the string fields named in `keys`, in that order. */
function stringFields<K extends string>(object: JsonObject, keys: readonly K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = str(object[key]);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

export function parseLocation(text: string | undefined): LocationPayload | null {
  const object = objectOf(text);
  const latitude = num(object?.latitude);
  const longitude = num(object?.longitude);
  if (!object || latitude === undefined || longitude === undefined) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude, ...stringFields(object, ['name', 'address'] as const) };
}

/** The seed's contact card fields (vCard-like), in the seed's order. */
export const CONTACT_CARD_FIELDS = ['name', 'fullName', 'tel', 'org', 'email', 'adr', 'region', 'url', 'birthday', 'version'] as const;
/** The seed's 16 business card fields, in the seed's order. */
export const BUSINESS_CARD_FIELDS = [
  'id', 'name', 'title', 'phone', 'address', 'email', 'chatId', 'cluster', 'hospital', 'division', 'department', 'branch',
  'section', 'team', 'zoomPmi', 'dutyLocation',
] as const;
const BUSINESS_ONLY = BUSINESS_CARD_FIELDS.filter((key) => !(CONTACT_CARD_FIELDS as readonly string[]).includes(key));

/** A CONTACT message holds a contact card, or a business card when it carries any business-only field. */
export function parseContact(text: string | undefined): ContactPayload | null {
  const object = objectOf(text);
  if (!object) return null;
  if (BUSINESS_ONLY.some((key) => str(object[key]) !== undefined)) {
    return { kind: 'business', card: stringFields(object, BUSINESS_CARD_FIELDS) };
  }
  const card = stringFields(object, CONTACT_CARD_FIELDS);
  return Object.keys(card).length > 0 ? { kind: 'contact', card } : null;
}

export function parseSticker(text: string | undefined): StickerPayload | null {
  const object = objectOf(text);
  const stickerCategoryId = str(object?.stickerCategoryId);
  const stickerId = str(object?.stickerId);
  return stickerCategoryId && stickerId ? { stickerCategoryId, stickerId } : null;
}

export function parseChoice(text: string | undefined): ChoicePayload | null {
  const object = objectOf(text);
  // A message's REQUEST / MC has `text` and options `{id, label}`; a chatbot's MC card has `title` and `{label, value}`.
  const question = str(object?.text) ?? str(object?.title);
  if (!object || !question || !Array.isArray(object.options)) return null;
  const options = (object.options as unknown[]).flatMap((option) => {
    const entry = typeof option === 'object' && option !== null ? (option as JsonObject) : {};
    const raw = entry.id ?? entry.value;
    const id = str(raw) ?? (typeof raw === 'number' ? String(raw) : undefined);
    const label = str(entry.label);
    return id && label ? [{ id, label }] : [];
  });
  const chatbotId = str(object.chatbotId);
  return chatbotId ? { text: question, options, chatbotId } : { text: question, options };
}

export function parseAppCard(text: string | undefined): AppCardPayload | null {
  const object = objectOf(text);
  const name = str(object?.name);
  if (!object || !name) return null;
  return { name, ...stringFields(object, ['description', 'url'] as const) };
}

export function parseDateTime(text: string | undefined): DateTimePayload | null {
  const object = objectOf(text);
  const datetime = num(object?.datetime);
  if (!object || datetime === undefined) return null;
  return { datetime, ...stringFields(object, ['text'] as const) };
}

/**
 * A JSONCARD's rows: the keys named in the client config's `jsonCardKeyOrder` first (in that order), then the
 * others as they came; values that are not text, numbers or booleans are shown as JSON text.
 */
export function jsonCardRows(text: string | undefined, keyOrder: readonly string[]): { key: string; value: string }[] | null {
  const object = objectOf(text);
  if (!object) return null;
  const keys = Object.keys(object);
  const ordered = [...keyOrder.filter((key) => keys.includes(key)), ...keys.filter((key) => !keyOrder.includes(key))];
  return ordered.map((key) => {
    const value = object[key];
    const shown = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
    return { key, value: shown };
  });
}

/** A map link for a location: opened by the user in a new tab; the client itself loads nothing from it. */
export function mapLink({ latitude, longitude }: LocationPayload): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`;
}

/** mm:ss for voice and video durations. */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** A one-line text for a quoted (replied-to) message of a structured kind; null when only a kind label fits. */
export function kindSummary(type: string, text: string | undefined): string | null {
  switch (type) {
    case 'TEXT':
    case 'URL':
      return text ?? null;
    case 'REQUEST':
    case 'MC':
      return parseChoice(text)?.text ?? null;
    case 'LOCATION': {
      const location = parseLocation(text);
      return location ? (location.name ?? `${location.latitude}, ${location.longitude}`) : null;
    }
    case 'CONTACT': {
      const contact = parseContact(text);
      return contact?.card.name ?? null;
    }
    case 'BAPP':
      return parseAppCard(text)?.name ?? null;
    case 'DATETIME':
      return parseDateTime(text)?.text ?? null;
    default:
      return null;
  }
}
