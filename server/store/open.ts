// Chooses the store from the configuration: PostgreSQL when DATABASE_URL is set, else the embedded engine.
import { FileBlobStore, type BlobStore } from './blobs.ts';
import type { Database } from './db.ts';
import { openEmbeddedDatabaseOnThread } from './embedded-thread.ts';
import { PostgresBlobStore } from './postgres-blobs.ts';
import { openPostgresDatabase } from './postgres.ts';

export interface StoreConfig {
  dataDir: string;
  /** postgres://… ; null: the embedded engine under dataDir. */
  databaseUrl?: string | null;
  databasePoolSize?: number;
}

export function openDatabase(config: StoreConfig, log: (message: string, error?: unknown) => void): Promise<Database> {
  if (config.databaseUrl) {
    return openPostgresDatabase(config.databaseUrl, {
      ...(config.databasePoolSize ? { poolSize: config.databasePoolSize } : {}),
      onIdleError: (error) => log('database connection lost while idle', error),
    });
  }
  // Its own thread: the engine's synchronous statements must not hold the event loop (docs/server.md).
  return openEmbeddedDatabaseOnThread(config.dataDir);
}

/** Blobs live where every process of the deployment can read them: in PostgreSQL when the rows are there. */
export function openBlobStore(db: Database, dataDir: string): BlobStore {
  return db.engine === 'postgres' ? new PostgresBlobStore(db) : new FileBlobStore(dataDir);
}
