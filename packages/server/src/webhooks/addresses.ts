// Which network addresses a webhook may reach. By default a hook may not target this machine or a
// private network: loopback, RFC 1918, CGNAT (100.64/10), link-local (169.254/16, where cloud
// metadata services answer, and fe80::/10), unique-local fc00::/7 and the unspecified addresses.
// IPv4 inside IPv6 (::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) is judged by its IPv4
// address. TARMAC_WEBHOOK_ALLOW_PRIVATE (allowPrivate) lifts that; multicast, broadcast and the
// reserved ranges are never a webhook's address.
import { BlockList, isIP } from 'node:net';

const PRIVATE_V4 = ['0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12', '192.168.0.0/16'];
const NEVER_V4 = ['192.0.0.0/24', '192.0.2.0/24', '198.18.0.0/15', '198.51.100.0/24', '203.0.113.0/24', '224.0.0.0/4', '240.0.0.0/4'];
const PRIVATE_V6 = ['::/128', '::1/128', 'fc00::/7', 'fe80::/10', 'fec0::/10'];
const NEVER_V6 = ['ff00::/8', '2001:db8::/32', '100::/64'];

function list(v4: string[], v6: string[]): BlockList {
  const blocks = new BlockList();
  for (const range of v4) {
    const [net, bits] = range.split('/');
    blocks.addSubnet(net!, Number(bits), 'ipv4');
  }
  for (const range of v6) {
    const [net, bits] = range.split('/');
    blocks.addSubnet(net!, Number(bits), 'ipv6');
  }
  return blocks;
}

const privateBlocks = list(PRIVATE_V4, PRIVATE_V6);
const neverBlocks = list(NEVER_V4, NEVER_V6);

/** The 8 groups of an IPv6 address as numbers (expanding `::` and a dotted IPv4 tail). */
function groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = text.slice(0, -dotted[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => parseInt(group, 16));
}

const v4From = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/** The IPv4 address an IPv6 address carries (mapped, NAT64, 6to4, IPv4-compatible), if any. */
export function embeddedIpv4(address: string): string | null {
  const g = groups(address);
  if (g.length !== 8 || g.some((n) => Number.isNaN(n))) return null;
  const zeros = (from: number, to: number) => g.slice(from, to).every((n) => n === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return v4From(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4From(g[6]!, g[7]!);
  if (g[0] === 0x2002) return v4From(g[1]!, g[2]!);
  if (zeros(0, 6) && (g[6]! !== 0 || g[7]! > 1)) return v4From(g[6]!, g[7]!);
  return null;
}

export type AddressVerdict = 'public' | 'private' | 'never';

/** Whether an IP address is public, private (loopback, RFC 1918, link-local …) or never a webhook target. */
export function classifyAddress(address: string): AddressVerdict {
  const family = isIP(address);
  if (family === 0) return 'never';
  if (family === 6) {
    const inner = embeddedIpv4(address);
    if (inner !== null) return classifyAddress(inner);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const bare = address.split('%')[0]!;
  if (neverBlocks.check(bare, type)) return 'never';
  if (privateBlocks.check(bare, type)) return 'private';
  if (family === 4 && bare === '255.255.255.255') return 'never';
  return 'public';
}

/** Why an address may not be reached, or null when it may. */
export function refusal(address: string, allowPrivate: boolean): string | null {
  const verdict = classifyAddress(address);
  if (verdict === 'never') return `${address} is not a unicast address a webhook can reach`;
  if (verdict === 'private' && !allowPrivate) {
    return `${address} is a loopback, private or link-local address (set TARMAC_WEBHOOK_ALLOW_PRIVATE=true to allow it)`;
  }
  return null;
}
