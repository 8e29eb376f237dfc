// All repositories over one database or one transaction: `const r = repos(tx)` inside db.transaction.
import type { Queryable } from '../db.ts';
import { accountsRepo } from './accounts.ts';
import { appVersionsRepo } from './appVersions.ts';
import { auditRepo } from './audit.ts';
import { blobsRepo } from './blobs.ts';
import { decoysRepo } from './decoys.ts';
import { eventsRepo } from './events.ts';
import { jobsRepo } from './jobs.ts';
import { keysRepo } from './keys.ts';
import { loginThrottleRepo } from './login-throttle.ts';
import { membersRepo } from './members.ts';
import { messagesRepo } from './messages.ts';
import { noncesRepo } from './nonces.ts';
import { policiesRepo } from './policies.ts';
import { qrClaimsRepo } from './qr-claims.ts';
import { receiptsRepo } from './receipts.ts';
import { roomsRepo } from './rooms.ts';
import { sendFactsRepo } from './send-facts.ts';
import { sessionsRepo } from './sessions.ts';
import { tenantsRepo } from './tenants.ts';
import { tokensRepo } from './tokens.ts';

export function repos(q: Queryable) {
  return {
    tenants: tenantsRepo(q),
    accounts: accountsRepo(q),
    sessions: sessionsRepo(q),
    tokens: tokensRepo(q),
    keys: keysRepo(q),
    rooms: roomsRepo(q),
    sendFacts: sendFactsRepo(q),
    members: membersRepo(q),
    policies: policiesRepo(q),
    events: eventsRepo(q),
    audit: auditRepo(q),
    messages: messagesRepo(q),
    receipts: receiptsRepo(q),
    blobs: blobsRepo(q),
    jobs: jobsRepo(q),
    appVersions: appVersionsRepo(q),
    decoys: decoysRepo(q),
    nonces: noncesRepo(q),
    loginThrottle: loginThrottleRepo(q),
    qrClaims: qrClaimsRepo(q),
  };
}

export type Repos = ReturnType<typeof repos>;

export * from './accounts.ts';
export * from './appVersions.ts';
export * from './audit.ts';
export * from './blobs.ts';
export * from './decoys.ts';
export * from './events.ts';
export * from './jobs.ts';
export * from './keys.ts';
export * from './login-throttle.ts';
export * from './members.ts';
export * from './messages.ts';
export * from './nonces.ts';
export * from './policies.ts';
export * from './qr-claims.ts';
export * from './receipts.ts';
export * from './rooms.ts';
export * from './send-facts.ts';
export * from './sessions.ts';
export * from './tenants.ts';
export * from './tokens.ts';
