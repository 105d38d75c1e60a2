// Devices for the /udid tests: self-made identities (certificate and key) and their signed
// answers, made with `openssl cms` the way an iPhone signs its attributes (content attached,
// signed attributes, its certificate inside), and the challenge a served profile carries.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parsePlist } from '@tarmac/appinfo';
import { api } from './server.ts';
import type { ApiResponse } from './server.ts';

export interface DeviceKit {
  dir: string;
  /** Makes a self-signed identity: RSA-2048 or EC (P-256), as devices have. */
  identity(name: string, kind?: 'rsa' | 'ec'): void;
  certificateDer(name: string): Buffer;
  /** SHA-256 of the certificate's DER, hex: what Tarmac records as the device's signer. */
  fingerprint(name: string): string;
  /** The attributes plist signed by the named identity: `openssl cms -sign -nodetach -binary -outform DER`. */
  signed(attributes: Record<string, string>, name: string): Buffer;
  remove(): void;
}

export function createDeviceKit(): DeviceKit {
  const dir = mkdtempSync(path.join(tmpdir(), 'tarmac-udid-'));
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  const certificateDer = (name: string) => Buffer.from(readFileSync(path.join(dir, `${name}.pem`), 'utf8').replace(/-----[^-]+-----|\s+/g, ''), 'base64');
  return {
    dir,
    identity(name, kind = 'rsa') {
      const key = kind === 'rsa' ? ['-newkey', 'rsa:2048'] : ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256'];
      openssl('req', '-x509', ...key, '-nodes', '-keyout', `${name}.key`, '-out', `${name}.pem`, '-days', '2', '-subj', '/CN=Device', '-set_serial', '7');
    },
    certificateDer,
    fingerprint: (name) => createHash('sha256').update(certificateDer(name)).digest('hex'),
    signed(attributes, name) {
      writeFileSync(path.join(dir, 'attrs.plist'), attributesPlist(attributes));
      return openssl('cms', '-sign', '-nodetach', '-binary', '-outform', 'DER', '-signer', `${name}.pem`, '-inkey', `${name}.key`, '-in', 'attrs.plist');
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The attributes plist as iOS writes it. */
export function attributesPlist(attributes: Record<string, string>): string {
  const entries = Object.entries(attributes)
    .map(([key, value]) => `\t<key>${key}</key>\n\t<string>${value.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</string>\n`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n${entries}</dict>\n</plist>\n`;
}

/** The challenge in a profile freshly served by /udid/install. */
export async function profileChallenge(server: { url: string }): Promise<string> {
  const res = await api(server, '/udid/install');
  if (res.status !== 200) throw new Error(`/udid/install answered ${res.status}`);
  const profile = parsePlist(Buffer.from(res.text)) as { PayloadContent?: { Challenge?: unknown } };
  const challenge = profile.PayloadContent?.Challenge;
  if (typeof challenge !== 'string') throw new Error('the profile carries no challenge');
  return challenge;
}

/** A device's POST to /udid/retrieve (redirects are not followed). */
export async function postAnswer(server: { url: string }, body: Buffer | string, headers: Record<string, string> = { 'content-type': 'application/pkcs7-signature' }): Promise<ApiResponse> {
  const response = await fetch(`${server.url}/udid/retrieve`, {
    method: 'POST',
    body: typeof body === 'string' ? body : new Uint8Array(body),
    headers,
    redirect: 'manual',
  });
  return { status: response.status, headers: response.headers, body: undefined, text: await response.text() };
}
