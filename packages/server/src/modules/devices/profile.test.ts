import { execFileSync } from 'node:child_process';
import { parsePlist } from '@tarmac/appinfo';
import { describe, expect, it } from 'vitest';
import { DEVICE_ATTRIBUTES, buildProfileServiceConfig, stableUuid } from './profile.ts';

const SECRET = 'a-secret-key-for-tests-0123456789abcdef';

describe('buildProfileServiceConfig', () => {
  const xml = buildProfileServiceConfig({
    retrieveUrl: 'https://beta.example.com/udid/retrieve',
    challenge: 'the-challenge',
    uuid: stableUuid(SECRET, 'https://beta.example.com/udid/retrieve'),
    texts: { displayName: 'Name <&>', description: 'Description', organization: 'Org' },
  });

  it('is a Profile Service payload that libplist reads', () => {
    // plistutil (libplist) converts it to binary and back: what comes out is libplist's reading.
    const binary = execFileSync('plistutil', ['-f', 'bin', '-i', '-', '-o', '-'], { input: xml });
    expect(binary.subarray(0, 8).toString()).toBe('bplist00');
    const json = parsePlist(execFileSync('plistutil', ['-f', 'xml', '-i', '-', '-o', '-'], { input: binary }));
    expect(json).toEqual({
      PayloadContent: { URL: 'https://beta.example.com/udid/retrieve', DeviceAttributes: [...DEVICE_ATTRIBUTES], Challenge: 'the-challenge' },
      PayloadOrganization: 'Org',
      PayloadDisplayName: 'Name <&>',
      PayloadDescription: 'Description',
      PayloadVersion: 1,
      PayloadUUID: expect.stringMatching(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/),
      PayloadIdentifier: 'tarmac.profile-service.beta.example.com',
      PayloadType: 'Profile Service',
    });
  });

  it('derives a stable UUID per secret and address', () => {
    expect(stableUuid(SECRET, 'a')).toBe(stableUuid(SECRET, 'a'));
    expect(stableUuid(SECRET, 'a')).not.toBe(stableUuid(SECRET, 'b'));
    expect(stableUuid('other-secret-0123456789abcdefghijk', 'a')).not.toBe(stableUuid(SECRET, 'a'));
  });
});
