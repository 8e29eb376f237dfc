// How many bytes a call's body may have (docs/security.md, finding 7). Every JSON body gets a small limit; only
// the calls that carry files get the upload limit, sized from the schema's base64 fields (generated
// file-fields.ts) and the configured attachment size. The limit is enforced while the body streams in, after
// the api key was checked (preParsing), so nobody can make the server read 50 MB before logging in.
import { Transform, type TransformCallback } from 'node:stream';
import { fileFieldChars } from '../../generated/server/file-fields.ts';
import type { RouteInfo } from './types.ts';

/**
 * Every call without files. The largest legitimate one is well under it: the longest text fields of the schema
 * (200,000 characters of a news body, 100,000 of a note) travel in calls that either carry files too or stay
 * below 512 KiB even sealed in an envelope (base64 of the AES ciphertext: × 4/3).
 */
export const JSON_BODY_LIMIT = 1024 * 1024;
/** A file travels base64 (× 4/3) inside the payload, and sealed in an envelope again base64 (× 4/3). */
const INLINE_FILE_OVERHEAD = 16 / 9;

export function bodyLimitFor(route: Pick<RouteInfo, 'name' | 'multipart'> | undefined, attachSizeBytes: number): number {
  if (!route) return JSON_BODY_LIMIT;
  if (route.multipart) return attachSizeBytes + JSON_BODY_LIMIT;
  // Route names are the schema's endpoint names (generated routes.ts).
  const chars = (fileFieldChars as Readonly<Record<string, number | undefined>>)[route.name];
  if (chars === undefined) return JSON_BODY_LIMIT;
  return Math.min(Math.ceil(chars * INLINE_FILE_OVERHEAD), Math.ceil(attachSizeBytes * INLINE_FILE_OVERHEAD)) + JSON_BODY_LIMIT;
}

/** The largest limit of any call: Fastify's own ceiling for the route. */
export function largestBodyLimit(attachSizeBytes: number): number {
  return Math.max(attachSizeBytes + JSON_BODY_LIMIT, Math.ceil(attachSizeBytes * INLINE_FILE_OVERHEAD) + JSON_BODY_LIMIT);
}

/** Passes the body through and fails with 413 as soon as it exceeds `limit` bytes. */
export function limitStream(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      seen += chunk.length;
      if (seen > limit) return done(Object.assign(new Error('request body is too large'), { statusCode: 413 }));
      done(null, chunk);
    },
  });
}
