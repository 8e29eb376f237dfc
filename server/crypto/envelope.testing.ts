// A request opened the way the server opens it (envelope-codec.ts: open and verify, then spend the nonce), with
// the in-memory replay guard instead of the database's: for tests and vectors that check the whole verdict.
import type { AesAlgorithm } from './aes.ts';
import { openRequestEnvelopeAsync, type DeviceKeyResolver, type OpenedEnvelope } from './envelope.ts';
import type { ReplayGuard } from './replay-guard.ts';

export async function openRequestChecked(
  wire: unknown,
  userPrivateKeyPem: string,
  devicePublicKey: string | DeviceKeyResolver,
  guard: ReplayGuard,
  algorithm: AesAlgorithm,
): Promise<OpenedEnvelope> {
  const opened = await openRequestEnvelopeAsync(wire, userPrivateKeyPem, devicePublicKey, algorithm);
  if (!opened.ok) return opened;
  const verdict = guard.check(opened.ts, opened.nonce);
  if (verdict === 'ok') return opened;
  return { ok: false, error: verdict, message: verdict === 'stale_timestamp' ? 'ts outside the accepted window' : 'nonce already used' };
}
