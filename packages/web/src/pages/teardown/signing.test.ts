// The signing line of the teardown summary, from what the appinfo command really prints for
// the shared fixtures (run as a process: the web app does not import the parser).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Teardown } from '../../api/teardown.ts';
import { signingOf } from './signing.ts';

const root = path.resolve(import.meta.dirname, '../../../../..');
const FIXTURES = path.resolve(root, '../shared/fixtures');

function read(file: string): Teardown {
  const out = execFileSync(process.execPath, [path.join(root, 'packages/appinfo/bin/appinfo.js'), path.join(FIXTURES, file)], { encoding: 'utf8' });
  return JSON.parse(out) as Teardown;
}

describe('signingOf', () => {
  it("reads an ipa's embedded provisioning profile", () => {
    expect(signingOf(read('apps/iphone.ipa'))).toEqual({ kind: 'profile', type: 'development', team: 'QYER Inc', expiresAt: '2017-07-27T09:44:49.000Z', expired: true });
  });

  it('reads a provisioning profile on its own', () => {
    expect(signingOf(read('provisioning/ios_adhoc.mobileprovision'))).toMatchObject({ kind: 'profile', type: 'adhoc' });
  });

  it("reads an apk's signature schemes and certificate", () => {
    expect(signingOf(read('apps/android.apk'))).toEqual({
      kind: 'android',
      schemes: ['v1', 'v2'],
      subject: 'CN=icy leaf, OU=ews, O=ews, L=Beijing, ST=Beijing, C=86',
      expiresAt: '2051-12-09T03:56:19.000Z',
    });
  });

  it("reads a macOS app's code signature", () => {
    expect(signingOf(read('apps/macos.zip'))).toEqual({ kind: 'apple', identity: 'Apple Development: Shen Wang (499ZF9BZZC)', team: '72LA85G59H' });
  });

  it('says an unsigned Windows program is unsigned, and knows nothing of a hap', () => {
    expect(signingOf(read('apps/win-upx.exe'))).toEqual({ kind: 'unsigned' });
    expect(signingOf(read('apps/harmony.hap'))).toEqual({ kind: 'unknown' });
  });
});
