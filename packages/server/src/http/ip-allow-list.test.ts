import { describe, expect, it } from 'vitest';
import { allowEntryProblem, createAllowList, PRIVATE_RANGES } from './ip-allow-list.ts';

describe('the health allow-list', () => {
  it('matches loopback and private ranges by default, IPv4 seen as IPv6 included, and nothing else', () => {
    const allowed = createAllowList(PRIVATE_RANGES);
    for (const ip of ['127.0.0.1', '::1', '10.9.8.7', '172.31.255.1', '192.168.1.20', 'fd12::5', '::ffff:10.0.0.5', '::FFFF:127.0.0.1']) {
      expect(allowed(ip), ip).toBe(true);
    }
    for (const ip of ['172.32.0.1', '8.8.8.8', '2001:db8::1', '::ffff:8.8.8.8', 'not-an-ip', '']) expect(allowed(ip), ip).toBe(false);
  });

  it('takes single addresses and ranges of both families, or everyone with *', () => {
    const allowed = createAllowList(['203.0.113.7', '2001:db8::/32']);
    expect([allowed('203.0.113.7'), allowed('203.0.113.8'), allowed('2001:db8:1::9'), allowed('2001:db9::1')]).toEqual([true, false, true, false]);
    expect(createAllowList(['*'])('198.51.100.1')).toBe(true);
  });

  it('names what is wrong with an entry', () => {
    expect(allowEntryProblem('10.0.0.0/8')).toBeNull();
    expect(allowEntryProblem('::1')).toBeNull();
    expect(allowEntryProblem('10.0.0.0/33')).toMatch(/prefix length outside 0..32/);
    expect(allowEntryProblem('fc00::/129')).toMatch(/outside 0..128/);
    expect(allowEntryProblem('10.0.0.0/8/1')).toMatch(/not an IP address/);
    expect(allowEntryProblem('localhost')).toMatch(/not an IP address/);
  });
});
