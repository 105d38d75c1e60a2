import { describe, expect, it } from 'vitest';
import { buildProblems, compareVersions, installability, osVersionOf } from './installability.ts';
import type { InstallFacts, Visitor } from './installability.ts';

const PROFILE_EXPIRES = '2017-07-27T09:44:49.000Z';
const CERT_A = '2017-05-24T07:38:49.000Z';
const CERT_B = '2017-07-12T03:41:34.000Z';
const LISTED = '18cf53cddee60c52f9c97b1521e7cbf8342628da';
const OTHER = '00008030-001A2B3C4D5E802E';

const at = (iso: string, deltaMs = 0) => new Date(iso).getTime() + deltaMs;

function ipa(profile: Record<string, unknown> | null, min = '9.3'): InstallFacts {
  const details = profile ? { provisioning_profile: profile } : {};
  return { platform: 'ios', min_os_version: min, metadata: JSON.stringify({ format: 'ipa', details }) };
}

const development = (extra: Record<string, unknown> = {}) => ({
  type: 'development',
  provisions_all_devices: false,
  expires_at: PROFILE_EXPIRES,
  devices: [LISTED, 'ff3804d33c70861cdf9a160a527ac49ac9789e6f'],
  developer_certificates: [{ not_after: CERT_A }, { not_after: CERT_B }],
  ...extra,
});

const nobody: Visitor = { os: null, udid: null };

describe('buildProblems', () => {
  it('reports the profile expired from its expiry on, not a millisecond before', () => {
    expect(buildProblems(ipa(development({ developer_certificates: [] })), at(PROFILE_EXPIRES, -1))).toEqual([]);
    expect(buildProblems(ipa(development({ developer_certificates: [] })), at(PROFILE_EXPIRES))).toEqual([
      { kind: 'profile_expired', expired_at: PROFILE_EXPIRES },
    ]);
  });

  it('reports the certificate expired only once every listed certificate has, with the last expiry', () => {
    const facts = ipa(development({ expires_at: '2099-01-01T00:00:00Z' }));
    expect(buildProblems(facts, at(CERT_A, 1))).toEqual([]);
    expect(buildProblems(facts, at(CERT_B, -1))).toEqual([]);
    expect(buildProblems(facts, at(CERT_B, 1))).toEqual([{ kind: 'certificate_expired', expired_at: CERT_B }]);
  });

  it('reports both after both dates, and nothing for builds without a profile or with unreadable metadata', () => {
    expect(buildProblems(ipa(development()), at('2026-01-01T00:00:00Z')).map((problem) => problem.kind)).toEqual([
      'profile_expired',
      'certificate_expired',
    ]);
    expect(buildProblems(ipa(null), at('2026-01-01T00:00:00Z'))).toEqual([]);
    expect(buildProblems({ platform: 'ios', min_os_version: null, metadata: '{not json' }, at('2026-01-01T00:00:00Z'))).toEqual([]);
    expect(buildProblems({ platform: 'ios', min_os_version: null, metadata: null }, 0)).toEqual([]);
    // A certificate without a readable date is not known to be expired.
    expect(buildProblems(ipa(development({ expires_at: null, developer_certificates: [{ not_after: 'soon' }] })), Date.UTC(2030, 0))).toEqual([]);
  });
});

describe('installability: the device list', () => {
  const before = at(CERT_A, -1);

  it('is not checked when the page does not know the UDID', () => {
    expect(installability(ipa(development()), nobody, before)).toEqual({ problems: [], deviceCheck: 'not_checked' });
  });

  it('finds a listed UDID in any case, and refuses one that is not listed', () => {
    expect(installability(ipa(development()), { os: null, udid: LISTED.toUpperCase() }, before).deviceCheck).toBe('listed');
    expect(installability(ipa(development()), { os: null, udid: OTHER }, before)).toEqual({
      problems: [{ kind: 'device_not_in_profile', udid: OTHER }],
      deviceCheck: 'not_listed',
    });
    expect(installability(ipa(development({ type: 'adhoc' })), { os: null, udid: OTHER }, before).deviceCheck).toBe('not_listed');
  });

  it('skips enterprise and App Store profiles, and builds without a profile', () => {
    const enterprise = development({ type: 'enterprise', provisions_all_devices: true, devices: [] });
    expect(installability(ipa(enterprise), { os: null, udid: OTHER }, before)).toEqual({ problems: [], deviceCheck: 'all_devices' });
    expect(installability(ipa(development({ provisions_all_devices: true })), { os: null, udid: OTHER }, before).deviceCheck).toBe('all_devices');
    expect(installability(ipa(development({ type: 'appstore', devices: [] })), { os: null, udid: OTHER }, before).problems).toEqual([]);
    expect(installability(ipa(null), { os: null, udid: OTHER }, before)).toEqual({ problems: [], deviceCheck: 'none' });
  });
});

describe('installability: the OS version', () => {
  const iphone = (version: string): Visitor => ({ os: { name: 'ios', version }, udid: null });
  const android = (version: string): Visitor => ({ os: { name: 'android', version }, udid: null });
  const apk = (minSdk: string | null): InstallFacts => ({ platform: 'android', min_os_version: minSdk, metadata: '{}' });

  it('refuses an iOS device below the minimum and accepts the minimum itself', () => {
    const facts = ipa(null, '15.2');
    expect(installability(facts, iphone('15.1.1'), 0).problems).toEqual([{ kind: 'os_too_old', platform: 'ios', required: '15.2', device: '15.1.1' }]);
    expect(installability(facts, iphone('15.2'), 0).problems).toEqual([]);
    expect(installability(facts, iphone('16'), 0).problems).toEqual([]);
  });

  it('reads an Android build minimum as its API level', () => {
    expect(installability(apk('31'), android('11'), 0).problems).toEqual([{ kind: 'os_too_old', platform: 'android', required: '12', device: '11' }]);
    expect(installability(apk('31'), android('12'), 0).problems).toEqual([]);
    expect(installability(apk('14'), android('4.0'), 0).problems).toEqual([]);
    expect(installability(apk('24'), android('6.0.1'), 0).problems).toHaveLength(1);
  });

  it('says nothing when the OS is another platform, unknown, or the minimum unreadable', () => {
    expect(installability(ipa(null, '15.0'), android('4.4'), 0).problems).toEqual([]);
    expect(installability(apk('31'), iphone('9.0'), 0).problems).toEqual([]);
    expect(installability(apk(null), android('2.3'), 0).problems).toEqual([]);
    expect(installability(apk('99'), android('2.3'), 0).problems).toEqual([]);
    expect(installability(ipa(null, 'soon'), iphone('9.0'), 0).problems).toEqual([]);
    expect(installability(ipa(null, '15.0'), nobody, 0).problems).toEqual([]);
  });
});

describe('osVersionOf', () => {
  it('reads iPhone, iPad and Android User-Agents', () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 15_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.2 Mobile/15E148 Safari/604.1';
    const ipad = 'Mozilla/5.0 (iPad; CPU OS 16_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.1 Mobile/15E148 Safari/604.1';
    const androidUa = 'Mozilla/5.0 (Linux; Android 11; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
    expect(osVersionOf(iphone)).toEqual({ name: 'ios', version: '15.2' });
    expect(osVersionOf(ipad)).toEqual({ name: 'ios', version: '16.1.2' });
    expect(osVersionOf(androidUa)).toEqual({ name: 'android', version: '11' });
    expect(osVersionOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15')).toBeNull();
    expect(osVersionOf('Mozilla/5.0 (Phone; OpenHarmony 5.0) AppleWebKit/537.36 ArkWeb/4.1.6.1 Mobile')).toBeNull();
    expect(osVersionOf(undefined)).toBeNull();
  });

  it('compares dotted versions part by part', () => {
    expect(compareVersions('9.3', '10')).toBe(-1);
    expect(compareVersions('15.2.0', '15.2')).toBe(0);
    expect(compareVersions('16', '15.9.9')).toBe(1);
  });
});
