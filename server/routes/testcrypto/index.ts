// Handlers of the testcrypto group (schema/endpoints/testcrypto.json): RSA on PEM text for client tests.
// Served only in test mode (the dispatcher hides testOnly calls otherwise).
import type { ServerContext } from '../../context.ts';
import { decodeBase64Strict } from '../../crypto/aes.ts';
import { CryptoFailure } from '../../crypto/errors.ts';
import { generateRsaKeyPair, rsaOaepDecrypt, rsaOaepEncrypt, rsaSign, rsaVerify } from '../../crypto/rsa.ts';
import { ApiError } from '../../http/api-error.ts';
import type { HandlerMap } from '../../http/handler-types.ts';

/** A bad key or ciphertext is the caller's mistake, not a server fault. */
function guarded<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof CryptoFailure) throw new ApiError('INVALID_INPUT', error.message);
    throw error;
  }
}

function base64(text: string, what: string): Buffer {
  const bytes = decodeBase64Strict(text);
  if (!bytes) throw new ApiError('INVALID_INPUT', `${what} is not base64`);
  return bytes;
}

export function testCryptoHandlers(_ctx: ServerContext) {
  return {
    async testGenerateKeyPair() {
      const pair = await generateRsaKeyPair();
      return { privateKeyPem: pair.privateKeyPem, publicKeyPem: pair.publicKeyPem };
    },

    async testEncrypt({ body }) {
      return { cryptoText: guarded(() => rsaOaepEncrypt(body.publicKeyPem, Buffer.from(body.plainText, 'utf8')).toString('base64')) };
    },

    async testDecrypt({ body }) {
      const cipher = base64(body.cryptoText, 'cryptoText');
      return { decryptText: guarded(() => rsaOaepDecrypt(body.privateKeyPem, cipher).toString('utf8')) };
    },

    async testSign({ body }) {
      return { signature: guarded(() => rsaSign(body.privateKeyPem, Buffer.from(body.plainText, 'utf8')).toString('base64')) };
    },

    async testVerify({ body }) {
      const signature = decodeBase64Strict(body.signature);
      if (!signature) return { valid: false };
      return { valid: guarded(() => rsaVerify(body.publicKeyPem, Buffer.from(body.plainText, 'utf8'), signature)) };
    },
  } satisfies HandlerMap;
}
