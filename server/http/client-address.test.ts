import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseTrustedProxies, proxyTrust } from './client-address.ts';

/** request.ip as Fastify resolves it for a request from `remoteAddress` with these X-Forwarded-For hops. */
async function clientAddress(trusted: string[], remoteAddress: string, forwardedFor?: string): Promise<string> {
  const app = Fastify({ trustProxy: proxyTrust(trusted) });
  app.get('/', (request) => ({ ip: request.ip }));
  const answer = await app.inject({ url: '/', remoteAddress, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } });
  await app.close();
  return (answer.json() as { ip: string }).ip;
}

describe('TRUST_PROXY', () => {
  it('reads addresses and CIDR ranges of both families, and refuses anything else by name', () => {
    expect(parseTrustedProxies(undefined)).toEqual([]);
    expect(parseTrustedProxies(' ')).toEqual([]);
    expect(parseTrustedProxies('10.0.0.5, 10.1.0.0/16,::1,fd00::/8')).toEqual(['10.0.0.5', '10.1.0.0/16', '::1', 'fd00::/8']);
    for (const bad of ['loadbalancer.local', '10.0.0.0/33', '::/129', '10.0.0.0/8/1', '10.0.0.0/x', '']) {
      expect(() => parseTrustedProxies(`127.0.0.1,${bad}`)).toThrow(`TRUST_PROXY: "${bad}"`);
    }
  });

  it('without trusted proxies the connection is the client, whatever it forwards', async () => {
    expect(await clientAddress([], '127.0.0.1', '203.0.113.9')).toBe('127.0.0.1');
  });

  it('behind a trusted proxy the client is the last address the proxies did not add', async () => {
    const trusted = parseTrustedProxies('127.0.0.1,10.1.0.0/16');
    expect(await clientAddress(trusted, '127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    // Through two trusted hops; an address the client wrote itself in front is not believed.
    expect(await clientAddress(trusted, '127.0.0.1', '198.51.100.1, 203.0.113.9, 10.1.4.4')).toBe('203.0.113.9');
    // The dual-stack form of a trusted IPv4 address is trusted too.
    expect(await clientAddress(trusted, '::ffff:127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
  });

  it('a request from an address that is not a trusted proxy cannot choose its address', async () => {
    expect(await clientAddress(['127.0.0.1'], '192.0.2.7', '203.0.113.9')).toBe('192.0.2.7');
  });
});
