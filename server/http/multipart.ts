// Reads a multipart call: the JSON part named "payload" and the file parts named "file" (docs/protocol.md).
import type {} from '@fastify/multipart'; // brings request.parts() and isMultipart() into the request type
import type { FastifyRequest } from 'fastify';
import { ApiError } from './api-error.ts';
import type { UploadedFile } from './types.ts';

export async function readMultipart(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ payload: unknown; files: UploadedFile[] }> {
  let payload: unknown = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 20, fields: 5 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.file.truncated) throw new ApiError('TOO_LARGE', part.filename);
        files.push({ fieldName: part.fieldname, filename: part.filename, contentType: part.mimetype, data });
      } else if (part.fieldname === 'payload') {
        payload = JSON.parse(String(part.value));
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof SyntaxError) throw new ApiError('INVALID_INPUT', 'the payload part is not JSON');
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT') throw new ApiError('TOO_LARGE');
    throw new ApiError('INVALID_INPUT', 'malformed multipart body');
  }
  return { payload, files };
}
