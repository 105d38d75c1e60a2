// Builds that can and cannot install, for the install pages' tests: the real iphone.ipa fixture
// (its profile expired on 2017-07-27, the last of its certificates on 2017-07-20) and copies of it re-signed
// with a fresh openssl profile (packages/appinfo/test/signing.ts), uploaded like any build.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { profileXml, signProfile, signingIdentity, withProfile } from '@tarmac/appinfo/test/signing';
import type { ApiResponse } from './server.ts';
import { FIXTURES, uploadBytes } from './browser.ts';

/** A time at which iphone.ipa's profile and some of its certificates were still valid. */
export const IPHONE_IPA_VALID_AT = '2017-03-01T00:00:00.000Z';
export const IPHONE_IPA_PROFILE_EXPIRED = '2017-07-27';
/** The first of the UDIDs iphone.ipa's development profile lists. */
export const IPHONE_IPA_LISTED_UDID = '18cf53cddee60c52f9c97b1521e7cbf8342628da';

const APP_PATH = 'Payload/AppInfoDemo.app';

export interface ResignOptions {
  /** File name of the copy (under `dir`). */
  name: string;
  type: 'development' | 'adhoc' | 'enterprise';
  devices?: string[];
  expires?: string;
}

/** A copy of iphone.ipa signed with a new profile (valid until 2099 unless `expires` says otherwise); its path. */
export function resignedIphoneIpa(dir: string, options: ResignOptions): string {
  const identity = signingIdentity(dir, { name: options.name, subject: '/UID=TEAMID1234/CN=Apple Development: Example (TEAMID1234)/OU=TEAMID1234/O=Example Corp/C=US' });
  const xml = profileXml({
    name: `Tarmac test ${options.type}`,
    teamName: 'Example Corp',
    teamId: 'TEAMID1234',
    applicationIdentifier: 'TEAMID1234.com.icyleaf.AppInfoDemo',
    expires: options.expires ?? '2099-01-01T00:00:00Z',
    devices: options.type === 'enterprise' ? [] : (options.devices ?? [IPHONE_IPA_LISTED_UDID]),
    provisionsAllDevices: options.type === 'enterprise',
    getTaskAllow: options.type === 'development',
    certificates: [identity.certDer],
  });
  const target = path.join(dir, options.name);
  withProfile(dir, path.join(FIXTURES, 'apps', 'iphone.ipa'), target, APP_PATH, signProfile(dir, xml, identity, options.name));
  return target;
}

/** Uploads a file from disk into a channel, as fastlane would; throws unless it is stored. */
export function uploadFile(
  server: { url: string },
  token: string,
  channelKey: string,
  file: string,
  fields: Record<string, string> = {},
): Promise<ApiResponse<any>> {
  return uploadBytes(server, token, channelKey, { data: readFileSync(file), name: path.basename(file) }, fields);
}

/** The bytes of iphone.ipa re-signed with an enterprise profile valid until 2099: a build that installs today. */
export function currentIphoneIpa(): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'tarmac-signing-'));
  try {
    return readFileSync(resignedIphoneIpa(dir, { name: 'iphone.ipa', type: 'enterprise' }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
