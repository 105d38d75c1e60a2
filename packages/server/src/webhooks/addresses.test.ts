// Which addresses a webhook may reach: public ones; private ones only when allowed; never multicast
// or reserved ones; IPv4 carried inside IPv6 judged as IPv4.
import { describe, expect, it } from 'vitest';
import { classifyAddress, embeddedIpv4, refusal } from './addresses.ts';

describe('classifyAddress', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['2606:4700::1111', 'public'],
    ['::ffff:8.8.8.8', 'public'],
    ['127.0.0.1', 'private'],
    ['127.255.0.9', 'private'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['100.127.255.254', 'private'],
    ['169.254.169.254', 'private'],
    ['0.0.0.0', 'private'],
    ['::', 'private'],
    ['::1', 'private'],
    ['fe80::1', 'private'],
    ['fe80::1%eth0', 'private'],
    ['fc00::1', 'private'],
    ['fd00:ec2::254', 'private'],
    ['::ffff:127.0.0.1', 'private'],
    ['::ffff:7f00:1', 'private'],
    ['::ffff:a9fe:a9fe', 'private'],
    ['64:ff9b::a00:1', 'private'],
    ['2002:c0a8:101::1', 'private'],
    ['::127.0.0.1', 'private'],
    ['224.0.0.1', 'never'],
    ['255.255.255.255', 'never'],
    ['ff02::1', 'never'],
    ['not-an-ip', 'never'],
  ])('%s is %s', (address, verdict) => {
    expect(classifyAddress(address)).toBe(verdict);
  });

  it('keeps 172.15 and 100.63 public (just outside the ranges)', () => {
    expect(classifyAddress('172.15.255.255')).toBe('public');
    expect(classifyAddress('100.63.255.255')).toBe('public');
    expect(classifyAddress('172.32.0.1')).toBe('public');
  });

  it('reads IPv4 out of IPv6 forms', () => {
    expect(embeddedIpv4('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(embeddedIpv4('::ffff:0a00:0001')).toBe('10.0.0.1');
    expect(embeddedIpv4('2001:db8::1')).toBeNull();
  });
});

describe('refusal', () => {
  it('refuses private addresses unless allowed, and never-addresses always', () => {
    expect(refusal('8.8.8.8', false)).toBeNull();
    expect(refusal('127.0.0.1', false)).toMatch(/TARMAC_WEBHOOK_ALLOW_PRIVATE/);
    expect(refusal('127.0.0.1', true)).toBeNull();
    expect(refusal('224.0.0.1', true)).toMatch(/not a unicast address/);
  });
});
