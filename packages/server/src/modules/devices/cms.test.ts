// The device's answer is CMS SignedData; these messages are made by OpenSSL the way a device
// makes them (content attached, signed attributes, its certificate inside), then broken one
// way at a time. Every broken message must fail with a CmsError naming what is wrong.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CmsError, verifySignedData } from './cms.ts';

let dir: string;
const PLIST = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n\t<key>UDID</key>\n\t<string>00008030-001A2B3C4D5E802E</string>\n</dict>\n</plist>\n',
);

function openssl(...args: string[]): Buffer {
  return execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** A self-signed certificate and key: RSA or EC (P-256), as devices have. */
function identity(name: string, kind: 'rsa' | 'ec', serial = '1'): void {
  const key = kind === 'rsa' ? ['-newkey', 'rsa:2048'] : ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256'];
  openssl('req', '-x509', ...key, '-nodes', '-keyout', `${name}.key`, '-out', `${name}.pem`, '-days', '2', '-subj', '/CN=Test Device', '-set_serial', serial);
}

function sign(name: string, extra: string[] = [], content: Buffer = PLIST): Buffer {
  writeFileSync(path.join(dir, 'content.plist'), content);
  return openssl('cms', '-sign', '-nodetach', '-binary', '-outform', 'DER', '-signer', `${name}.pem`, '-inkey', `${name}.key`, '-in', 'content.plist', ...extra);
}

function fails(message: RegExp | string, data: Uint8Array): void {
  expect(() => verifySignedData(data)).toThrow(CmsError);
  expect(() => verifySignedData(data)).toThrow(message);
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tarmac-cms-'));
  identity('rsa', 'rsa');
  identity('other', 'rsa');
  identity('ec', 'ec');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('verifySignedData', () => {
  it('returns the content and the signer of an RSA-signed message', () => {
    const result = verifySignedData(sign('rsa'));
    expect(result.content.equals(PLIST)).toBe(true);
    expect(result.certificate.subject).toBe('CN=Test Device');
    expect(result.certificate.publicKey.asymmetricKeyType).toBe('rsa');
  });

  it('verifies an ECDSA signer', () => {
    const result = verifySignedData(sign('ec'));
    expect(result.certificate.publicKey.asymmetricKeyType).toBe('ec');
    expect(result.content.equals(PLIST)).toBe(true);
  });

  it('finds the signer by subject key identifier, and verifies SHA-1 and SHA-512 digests', () => {
    expect(verifySignedData(sign('rsa', ['-keyid'])).content.equals(PLIST)).toBe(true);
    expect(verifySignedData(sign('ec', ['-md', 'sha512'])).content.equals(PLIST)).toBe(true);
    expect(verifySignedData(sign('rsa', ['-md', 'sha1'])).content.equals(PLIST)).toBe(true);
  });

  it('verifies a message without signed attributes (signature over the content)', () => {
    expect(verifySignedData(sign('rsa', ['-noattr'])).content.equals(PLIST)).toBe(true);
  });

  it('reads BER with indefinite lengths and a chunked content (-stream)', () => {
    const ber = sign('rsa', ['-stream']);
    expect(ber.includes(Buffer.from([0x24, 0x80]))).toBe(true);
    expect(verifySignedData(ber).content.equals(PLIST)).toBe(true);
  });

  it('refuses altered content', () => {
    const message = sign('rsa');
    const at = message.indexOf(Buffer.from('00008030'));
    message[at] = '1'.charCodeAt(0);
    fails('the content does not match its signed digest (altered)', message);
  });

  it('refuses altered content when there are no signed attributes', () => {
    const message = sign('ec', ['-noattr']);
    message[message.indexOf(Buffer.from('00008030'))] = '1'.charCodeAt(0);
    fails("the signature does not verify with the signer's certificate", message);
  });

  it('refuses a changed signature', () => {
    const message = sign('rsa');
    message[message.length - 10] = message[message.length - 10]! ^ 0x01;
    fails("the signature does not verify with the signer's certificate", message);
  });

  it("refuses a message signed by one key with another certificate put in the signer's place", () => {
    const message = sign('rsa');
    const mine = readFileSync(path.join(dir, 'rsa.pem'), 'utf8');
    const theirs = readFileSync(path.join(dir, 'other.pem'), 'utf8');
    const der = (pem: string) => Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
    const [a, b] = [der(mine), der(theirs)];
    // Same subject, serial and key size: the same length, so the swap keeps every length valid.
    expect(b.length).toBe(a.length);
    const at = message.indexOf(a);
    expect(at).toBeGreaterThan(0);
    b.copy(message, at);
    fails("the signature does not verify with the signer's certificate", message);
  });

  it('refuses a message whose signer certificate is missing', () => {
    fails("the signer's certificate is not in the message", sign('rsa', ['-nocerts']));
  });

  it('refuses a detached signature', () => {
    writeFileSync(path.join(dir, 'content.plist'), PLIST);
    const detached = openssl('cms', '-sign', '-binary', '-outform', 'DER', '-signer', 'rsa.pem', '-inkey', 'rsa.key', '-in', 'content.plist');
    fails('the message carries no content (a detached signature)', detached);
  });

  it('refuses unsigned data and a bare plist', () => {
    writeFileSync(path.join(dir, 'content.plist'), PLIST);
    fails('not signed data', openssl('cms', '-data_create', '-binary', '-outform', 'DER', '-in', 'content.plist'));
    fails('the body is not a CMS message (DER)', PLIST);
  });

  it('refuses empty, garbage and trailing bytes', () => {
    fails('the body is empty', new Uint8Array(0));
    fails(/ASN\.1|not a CMS message/, Buffer.from('garbage that is not DER at all'));
    fails('bytes follow the CMS message', Buffer.concat([sign('rsa'), Buffer.from([0, 1, 2])]));
  });

  it('refuses every truncation with a CmsError', () => {
    const message = sign('ec');
    for (let length = 0; length < message.length; length += 7) {
      expect(() => verifySignedData(message.subarray(0, length)), `cut at ${length}`).toThrow(CmsError);
    }
  });
});
