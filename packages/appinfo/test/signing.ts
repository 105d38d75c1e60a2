// Provisioning profiles made with openssl, as Apple's are: a developer certificate, a plist
// that lists it, signed into CMS SignedData. Shared by the ipa tests here and by the server's
// tests of builds that can and cannot install (packages/server/test/helpers/signing.ts).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// Its own runner (helpers.ts imports the parser's sources, which the server's project must not compile).
function run(command: string, args: string[], cwd?: string): void {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.error) throw new Error(`${command} could not run (${result.error.message}); .ci/run installs it`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
}

export interface SigningIdentity {
  keyPem: string;
  certPem: string;
  /** The certificate as DeveloperCertificates holds it. */
  certDer: Buffer;
}

/** A self-signed EC key and certificate valid for `days` from now, in files under `dir`. */
export function signingIdentity(dir: string, options: { subject: string; days?: number; name?: string }): SigningIdentity {
  const name = options.name ?? 'signer';
  const keyPem = path.join(dir, `${name}-key.pem`);
  const certPem = path.join(dir, `${name}-cert.pem`);
  const certDer = path.join(dir, `${name}-cert.der`);
  run('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', String(options.days ?? 400),
    '-keyout', keyPem, '-out', certPem, '-subj', options.subject,
  ]);
  run('openssl', ['x509', '-in', certPem, '-outform', 'DER', '-out', certDer]);
  return { keyPem, certPem, certDer: readFileSync(certDer) };
}

export interface ProfileOptions {
  name: string;
  teamName: string;
  teamId: string;
  /** application-identifier, with the team prefix. */
  applicationIdentifier: string;
  expires: string;
  created?: string;
  uuid?: string;
  /** ProvisionedDevices; none for an App Store or enterprise profile. */
  devices?: string[];
  provisionsAllDevices?: boolean;
  getTaskAllow?: boolean;
  certificates: Buffer[];
}

/** The profile's property list, as Apple writes it. */
export function profileXml(options: ProfileOptions): string {
  const devices = options.devices?.length
    ? `<key>ProvisionedDevices</key><array>${options.devices.map((udid) => `<string>${udid}</string>`).join('')}</array>\n`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict>
<key>Name</key><string>${options.name}</string>
<key>TeamName</key><string>${options.teamName}</string>
<key>TeamIdentifier</key><array><string>${options.teamId}</string></array>
${options.provisionsAllDevices ? '<key>ProvisionsAllDevices</key><true/>\n' : ''}${devices}<key>CreationDate</key><date>${options.created ?? '2024-01-01T00:00:00Z'}</date>
<key>ExpirationDate</key><date>${options.expires}</date>
<key>UUID</key><string>${options.uuid ?? '11111111-2222-3333-4444-555555555555'}</string>
<key>Platform</key><array><string>iOS</string></array>
<key>DeveloperCertificates</key><array>${options.certificates.map((der) => `<data>${der.toString('base64')}</data>`).join('')}</array>
<key>Entitlements</key><dict><key>application-identifier</key><string>${options.applicationIdentifier}</string><key>get-task-allow</key>${options.getTaskAllow ? '<true/>' : '<false/>'}</dict>
</dict></plist>
`;
}

/** The plist signed with `identity` into an embedded.mobileprovision (CMS SignedData, DER). */
export function signProfile(dir: string, xml: string, identity: SigningIdentity, name = 'embedded'): Buffer {
  const input = path.join(dir, `${name}.xml`);
  const output = path.join(dir, `${name}.mobileprovision`);
  writeFileSync(input, xml);
  run('openssl', ['cms', '-sign', '-nodetach', '-binary', '-outform', 'DER', '-in', input, '-signer', identity.certPem, '-inkey', identity.keyPem, '-out', output]);
  return readFileSync(output);
}

/**
 * A copy of the ipa at `source` (written to `target`) whose `<app>/embedded.mobileprovision` is
 * `profile`: the rest of the package, binary and Info.plist, stays the real one.
 */
export function withProfile(dir: string, source: string, target: string, appPath: string, profile: Buffer): void {
  const stage = path.join(dir, `stage-${path.basename(target)}`);
  mkdirSync(path.join(stage, appPath), { recursive: true });
  writeFileSync(path.join(stage, appPath, 'embedded.mobileprovision'), profile);
  writeFileSync(target, readFileSync(source));
  run('zip', ['-q', '-X', target, `${appPath}/embedded.mobileprovision`], stage);
}
