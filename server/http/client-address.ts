// Which client a request comes from, when a load balancer stands in front (TRUST_PROXY, docs/deploy.md). The
// login throttles and the hashing pool count per client address; behind a balancer every connection comes from
// the balancer, so without this every user would share one address and one user's failures would throttle all.
import { BlockList, isIP } from 'node:net';

/**
 * TRUST_PROXY: comma-separated addresses and CIDR ranges of the proxies in front (`10.0.0.5, 10.1.0.0/16, ::1`);
 * empty or unset: none, the connection's address is the client's. Throws on an entry that is neither.
 */
export function parseTrustedProxies(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return [];
  return value.split(',').map((raw) => {
    const entry = raw.trim();
    if (!isAddressOrRange(entry)) throw new Error(`TRUST_PROXY: "${entry}" is neither an IP address nor a CIDR range (address/bits)`);
    return entry;
  });
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d{1,3}$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}

/**
 * Fastify's `trustProxy`: false when no proxy is trusted; else whether a hop's address is one of the proxies.
 * Fastify then takes `request.ip` from `X-Forwarded-For`, walking from the connection's address back through
 * the trusted hops only, so a client's own X-Forwarded-For entries count only behind a trusted proxy. IPv4
 * addresses match also in their IPv4-mapped IPv6 form (`::ffff:10.0.0.5`, a dual-stack socket's view).
 */
export function proxyTrust(trusted: readonly string[]): false | ((address: string) => boolean) {
  if (trusted.length === 0) return false;
  const list = new BlockList();
  for (const entry of trusted) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address: string) => {
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
}
