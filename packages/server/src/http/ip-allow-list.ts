// Who may read the health checks (TARMAC_HEALTH_ALLOWED_IPS): a list of addresses and CIDR ranges,
// or `*` for everyone. node:net's BlockList does the matching, IPv4 and IPv6; an IPv4 address seen
// as IPv6 (::ffff:10.0.0.1, a dual-stack socket) is matched as the IPv4 address it is.
import { BlockList, isIP } from 'node:net';

/** Loopback and the private ranges (RFC 1918, IPv6 unique-local): the default list. */
export const PRIVATE_RANGES = ['127.0.0.0/8', '::1/128', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'];

/** One entry's problem, or null when it is an address or a CIDR range. */
export function allowEntryProblem(entry: string): string | null {
  if (entry === '*') return null;
  const [address = '', bits, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return `"${entry}" is not an IP address or a CIDR range`;
  if (bits === undefined) return null;
  const max = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return `"${entry}" has a prefix length outside 0..${max}`;
  return null;
}

/** A matcher for the list: true when `ip` is in one of its entries (always true with `*`). */
export function createAllowList(entries: readonly string[]): (ip: string) => boolean {
  if (entries.includes('*')) return () => true;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (ip: string) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
    const address = mapped ? mapped[1]! : ip;
    const family = isIP(address);
    if (family === 0) return false;
    return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}
