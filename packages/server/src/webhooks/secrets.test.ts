// Webhook secrets at rest: sealed with AES-256-GCM under a key derived from TARMAC_SECRET_KEY,
// a random IV each time, refused when altered or sealed under an unknown key; rotation; masking.
import { describe, expect, it } from 'vitest';
import { createSecretBox, mask, maskUrl, SecretError } from './secrets.ts';

const KEY = 'k'.repeat(40);
const OTHER = 'o'.repeat(40);

describe('createSecretBox', () => {
  it('seals and opens a secret; the sealed form names its version and key, never the secret', () => {
    const box = createSecretBox(KEY);
    const sealed = box.encrypt('SEC-feishu-signing-😀');
    expect(sealed).toMatch(/^v1\.[0-9a-f]{8}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('feishu');
    expect(box.decrypt(sealed)).toBe('SEC-feishu-signing-😀');
  });

  it('uses a fresh IV for every value', () => {
    const box = createSecretBox(KEY);
    expect(box.encrypt('same')).not.toBe(box.encrypt('same'));
  });

  it('refuses an altered value, a foreign key, a wrong format and a short key', () => {
    const box = createSecretBox(KEY);
    const sealed = box.encrypt('secret');
    const data = Buffer.from(sealed.split('.')[2]!, 'base64url');
    data[data.length - 1]! ^= 1;
    const tampered = `v1.${sealed.split('.')[1]}.${data.toString('base64url')}`;
    expect(() => box.decrypt(tampered)).toThrow(SecretError);
    expect(() => createSecretBox(OTHER).decrypt(sealed)).toThrow(/key this server does not have/);
    expect(() => box.decrypt('plain text')).toThrow(/not a sealed secret/);
    expect(() => box.decrypt('v2.abcd1234.AAAA')).toThrow(/not a sealed secret/);
    expect(() => box.decrypt(`v1.${sealed.split('.')[1]}.AAAA`)).toThrow(/truncated/);
    expect(() => createSecretBox('short')).toThrow(/at least 32/);
  });

  it('keeps opening values sealed under a previous key after a rotation, and says they need resealing', () => {
    const old = createSecretBox(OTHER).encrypt('from before');
    const rotated = createSecretBox(KEY, [OTHER]);
    expect(rotated.decrypt(old)).toBe('from before');
    expect(rotated.needsReseal(old)).toBe(true);
    expect(rotated.needsReseal(rotated.encrypt('new'))).toBe(false);
  });

  it('derives its key for this purpose: the raw secret key does not open the value', async () => {
    const { createDecipheriv, createHash } = await import('node:crypto');
    const sealed = createSecretBox(KEY).encrypt('x');
    const data = Buffer.from(sealed.split('.')[2]!, 'base64url');
    const raw = createHash('sha256').update(KEY).digest();
    const decipher = createDecipheriv('aes-256-gcm', raw, data.subarray(0, 12));
    decipher.setAuthTag(data.subarray(12, 28));
    decipher.update(data.subarray(28));
    expect(() => decipher.final()).toThrow();
  });
});

describe('mask', () => {
  it('never shows the whole secret', () => {
    expect(mask('SEC0123456789abcdefWXYZ')).toBe('••••••••WXYZ');
    expect(mask('short-secret')).toBe('••••••••');
    expect(mask('')).toBe('');
    expect(mask(null)).toBe('');
    for (const secret of ['a', 'abcd', 'x'.repeat(16), 'y'.repeat(100)]) expect(mask(secret)).not.toContain(secret);
  });
});

describe('maskUrl', () => {
  it('keeps the host and hides the credential in the path or query', () => {
    expect(maskUrl('https://hooks.slack.com/services/T000/B000/XXXXXXXXabcd')).toBe('https://hooks.slack.com/••••abcd');
    expect(maskUrl('https://oapi.dingtalk.com/robot/send?access_token=0123456789abcdef')).toBe('https://oapi.dingtalk.com/••••cdef');
    expect(maskUrl('https://example.com/h')).toBe('https://example.com/••••');
    expect(maskUrl('https://example.com/')).toBe('https://example.com');
    expect(maskUrl('not a url at all, but long')).toBe('••••••••long');
  });
});
