// Reads a multipart call: the JSON part named "payload" and the file parts named "file" (docs/protocol.md).
// The parts are read straight off the request (@fastify/multipart pipes it into its parser), so the limits of
// the body are kept here, part by part: the payload part up to the JSON limit, each file up to the attachment
// size, and all of them together up to the call's body limit.
import type {} from '@fastify/multipart'; // brings request.parts() and isMultipart() into the request type
import type { FastifyRequest } from 'fastify';
import { ApiError } from './api-error.ts';
import { JSON_BODY_LIMIT } from './body-limits.ts';
import type { UploadedFile } from './types.ts';

export interface MultipartLimits {
  /** Largest file part. */
  fileBytes: number;
  /** All the parts together (the call's body limit). */
  totalBytes: number;
}

export async function readMultipart(request: FastifyRequest, limits: MultipartLimits): Promise<{ payload: unknown; payloadText: string; files: UploadedFile[] }> {
  let payload: unknown = {};
  let payloadText = '';
  const files: UploadedFile[] = [];
  let total = 0;
  const count = (bytes: number) => {
    total += bytes;
    if (total > limits.totalBytes) throw new ApiError('TOO_LARGE');
  };
  try {
    const parts = request.parts({ limits: { fileSize: limits.fileBytes, fieldSize: JSON_BODY_LIMIT, files: 20, fields: 5, parts: 25 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.file.truncated) throw new ApiError('TOO_LARGE', part.filename);
        count(data.length);
        files.push({ fieldName: part.fieldname, filename: part.filename, contentType: part.mimetype, data });
      } else {
        if (part.valueTruncated) throw new ApiError('TOO_LARGE', part.fieldname);
        const value = String(part.value);
        count(Buffer.byteLength(value));
        if (part.fieldname === 'payload') {
          payloadText = value;
          payload = JSON.parse(value);
        }
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof SyntaxError) throw new ApiError('INVALID_INPUT', 'the payload part is not JSON');
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new ApiError('TOO_LARGE');
    }
    throw new ApiError('INVALID_INPUT', 'malformed multipart body');
  }
  return { payload, payloadText, files };
}
