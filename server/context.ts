// Everything a route handler may use; built once per process by app.ts.
import type { ServerConfig } from './config.ts';
import type { AsyncReplayGuard } from './crypto/replay-guard-store.ts';
import type { Bus } from './realtime/broker.ts';
import type { KickTarget } from './realtime/stomp-server.ts';
import type { UserKeyDirectory } from './services/identity/user-keys.ts';
import type { Notifier } from './services/notifier.ts';
import type { Database } from './store/db.ts';
import type { BlobStore } from './store/blobs.ts';
import type { Repos } from './store/repos/index.ts';

export interface ServerContext {
  config: ServerConfig;
  db: Database;
  /** Repositories over the database itself; inside a transaction use `repos(tx)`. */
  repos: Repos;
  blobs: BlobStore;
  bus: Bus;
  notifier: Notifier;
  /** Seen envelope nonces, durable and shared by every server process. */
  replayGuard: AsyncReplayGuard;
  /** Each login name's user key pair (a decoy for names without an account). */
  userKeys: UserKeyDirectory;
  /** Paths whose requests / responses travel in envelopes (getpublicapplicationprofile announces them). */
  encryption: EncryptionSettings;
  /**
   * Closes the sockets of a session or account (forced logout, remote wipe, disable) on every server process:
   * a revocation on the bus (server/realtime/revocation.ts). With the in-process bus they are closed on return.
   */
  kick(target: KickTarget, message?: string): void;
  now(): Date;
  /** Operational log: events and fault summaries, never request bodies, passwords, keys or message text. */
  log(message: string, error?: unknown): void;
}

export interface EncryptionSettings {
  defaultEncryptionAlgorithm: 'CBC' | 'CTR' | 'GCM';
  /** Paths without the leading slash, as docs/protocol.md lists them: `chat/sec/message/sendaesmessage`. */
  requestEncrypted: ReadonlySet<string>;
  responseEncrypted: ReadonlySet<string>;
}
