// Which peers may speak for the client (X-Forwarded-For, -Proto, -Host, and X-Request-Id). One
// function, given to Fastify as `trustProxy` and used by the request id, so both agree. Fastify
// takes a bare hop count as "trust nobody" since 5.12, so hops are counted here.
import { BlockList, isIP } from 'node:net';
import type { TrustProxy } from '../config';

/** proxy-addr's contract: is `address`, `hop` steps from the API (0 = the socket's peer), a proxy we trust? */
export type ProxyTrust = (address: string, hop: number) => boolean;

const NAMED: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) -> `10.0.0.1`. */
function plain(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

export function proxyTrust(setting: TrustProxy): ProxyTrust | false {
  if (setting === false) return false;
  if ('hops' in setting) {
    const { hops } = setting;
    return (_address, hop) => hop < hops;
  }
  const list = new BlockList();
  for (const entry of setting.addresses.flatMap((one) => NAMED[one] ?? [one])) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const ip = plain(address);
    const family = isIP(ip);
    return family !== 0 && list.check(ip, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/** Whether the socket's peer is a trusted proxy (so its X-Forwarded-* and X-Request-Id count). */
export function fromTrustedProxy(trust: ProxyTrust | false, peer: string | undefined): boolean {
  return trust !== false && peer !== undefined && trust(peer, 0);
}
