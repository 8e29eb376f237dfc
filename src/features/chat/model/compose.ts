// What the composer builds for the kinds that are not typed text: a location and a contact card as the JSON the
// other clients read (model/kinds.ts), and the seed's video duration check. Pure, tested beside.
import type { ContactCard } from '@generated/types/index';
import { CONTACT_CARD_FIELDS, type LocationPayload } from '../../../domain/messageKinds.ts';

export type Checked<T> = { value: T } | { error: string };

export interface LocationFields {
  name: string;
  address: string;
  latitude: string;
  longitude: string;
}

/** Latitude −90..90 and longitude −180..180 as typed (a comma as decimal mark too); name and address optional. */
export function locationFrom(fields: LocationFields): Checked<LocationPayload> {
  const latitude = Number(fields.latitude.trim().replace(',', '.'));
  const longitude = Number(fields.longitude.trim().replace(',', '.'));
  const valid = (value: number, limit: number, raw: string) => raw.trim() !== '' && Number.isFinite(value) && Math.abs(value) <= limit;
  if (!valid(latitude, 90, fields.latitude) || !valid(longitude, 180, fields.longitude)) return { error: 'errors.inputNotValid' };
  const name = fields.name.trim();
  const address = fields.address.trim();
  return { value: { latitude, longitude, ...(name ? { name } : {}), ...(address ? { address } : {}) } };
}

export type ContactFields = Partial<Record<(typeof CONTACT_CARD_FIELDS)[number], string>>;

/** The seed's contact card fields, trimmed, empty ones left out; a name is required. */
export function contactFrom(fields: ContactFields): Checked<ContactCard> {
  const card: ContactCard = {};
  for (const key of CONTACT_CARD_FIELDS) {
    const value = fields[key]?.trim();
    if (value) card[key] = value;
  }
  if (!card.name) return { error: 'messages.contactNameRequired' };
  if (card.email && !/^[^\s@]+@[^\s@]+$/.test(card.email)) return { error: 'errors.inputNotValid' };
  return { value: card };
}

/**
 * The seed's video check: a video longer than the server's `videoMaximumDurationInSeconds` is refused with the limit
 * and its own length. An unknown length (a stream without a duration in its header) or no limit passes.
 */
export function videoTooLong(duration: number | undefined, limitSeconds: number | undefined): { limit: number; length: number } | null {
  if (!limitSeconds || duration === undefined || !Number.isFinite(duration)) return null;
  return duration > limitSeconds ? { limit: limitSeconds, length: Math.ceil(duration) } : null;
}
