import { describe, expect, it } from 'vitest';
import { profileCoverage, profileExpired, profileListsDevice } from './builds.ts';

describe('profileListsDevice', () => {
  const udid = 'e801228c2086d3aacc917b9c3d19bfa56efcab5b';
  const metadata = (profile: unknown) => JSON.stringify({ name: udid, details: { provisioning_profile: profile } });

  it('finds the UDID among the profile’s devices, in any case', () => {
    expect(profileListsDevice(metadata({ devices: ['00008030-001A2B3C4D5E802E', udid.toUpperCase()] }), udid)).toBe(true);
    expect(profileListsDevice(metadata({ devices: ['00008030-001A2B3C4D5E802E'] }), '00008030-001a2b3c4d5e802e')).toBe(true);
  });

  it('ignores the UDID anywhere else, and damaged metadata', () => {
    expect(profileListsDevice(metadata({ devices: [] }), udid)).toBe(false);
    expect(profileListsDevice(metadata({ devices: udid }), udid)).toBe(false);
    expect(profileListsDevice(metadata({ devices: [{ udid }] }), udid)).toBe(false);
    expect(profileListsDevice(metadata(null), udid)).toBe(false);
    expect(profileListsDevice('null', udid)).toBe(false);
    expect(profileListsDevice(`{"details": "${udid}"`, udid)).toBe(false);
  });
});

describe('profileCoverage', () => {
  const udid = 'e801228c2086d3aacc917b9c3d19bfa56efcab5b';
  const metadata = (profile: unknown) => JSON.stringify({ details: { provisioning_profile: profile } });

  it('says listed when the profile names the device, all when it provisions every device', () => {
    expect(profileCoverage(metadata({ devices: [udid], provisions_all_devices: false }), udid)).toBe('listed');
    expect(profileCoverage(metadata({ devices: [], provisions_all_devices: true }), udid)).toBe('all');
  });

  it('says nothing for another device, an App Store profile, a flag that is not true, or damaged metadata', () => {
    expect(profileCoverage(metadata({ devices: ['00008030-001A2B3C4D5E802E'], provisions_all_devices: false }), udid)).toBeNull();
    expect(profileCoverage(metadata({ devices: [] }), udid)).toBeNull();
    expect(profileCoverage(metadata({ provisions_all_devices: 'true' }), udid)).toBeNull();
    expect(profileCoverage(JSON.stringify({ custom: '"provisions_all_devices":true' }), udid)).toBeNull();
    expect(profileCoverage('{', udid)).toBeNull();
  });
});

describe('profileExpired', () => {
  const metadata = (profile: unknown) => JSON.stringify({ details: { provisioning_profile: profile } });
  const now = '2026-01-01T00:00:00.000Z';

  it('compares the profile’s expiry with now', () => {
    expect(profileExpired(metadata({ expires_at: '2017-07-27T08:01:26.000Z' }), now)).toBe(true);
    expect(profileExpired(metadata({ expires_at: '2027-07-27T08:01:26.000Z' }), now)).toBe(false);
  });

  it('is false when the expiry is missing or unreadable', () => {
    for (const profile of [{}, { expires_at: null }, { expires_at: 'soon' }, { expires_at: 1 }, null]) expect(profileExpired(metadata(profile), now)).toBe(false);
    expect(profileExpired('{', now)).toBe(false);
  });
});
