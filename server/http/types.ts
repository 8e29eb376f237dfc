// Shapes shared by the HTTP dispatcher and the route handlers.
import type { RouteInfo } from '../../generated/server/routes.ts';

export type { RouteInfo };
export type Access = RouteInfo['access'];

/** The caller of a secured call, resolved from its Api-Key header. */
export interface AuthenticatedSession {
  sessionId: string;
  accountId: number;
  loginName: string;
  deviceId: string;
  devicePublicKeyPem: string;
  roles: readonly string[];
}

/** The seed's request headers (section 7). */
export interface ClientHeaders {
  buildVersion: string | undefined;
  deviceType: string | undefined;
  platform: string | undefined;
  pushPlatform: string | undefined;
  apiKey: string | undefined;
  /** The device's proof of possession of the session's key (device-proof.ts). */
  deviceProof: string | undefined;
}

export interface UploadedFile {
  fieldName: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface FileResult {
  kind: 'file';
  filename: string;
  contentType: string;
  data: Uint8Array;
}

export const fileResult = (filename: string, contentType: string, data: Uint8Array): FileResult => ({
  kind: 'file',
  filename,
  contentType,
  data,
});

export const isFileResult = (value: unknown): value is FileResult =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'file';

/** What a handler receives. `Session` is non-null for secured calls (the dispatcher refuses them without one). */
export interface HandlerInput<Body, Session extends AuthenticatedSession | null = AuthenticatedSession | null> {
  route: RouteInfo;
  body: Body;
  session: Session;
  files: UploadedFile[];
  headers: ClientHeaders;
  remoteAddress: string;
}
