// RFC 6238 appendix B: the SHA-1 vectors (8 digits, the 20-byte ASCII key "12345678901234567890"),
// then the 6-digit codes the apps show, the ±1 step window and the refusal of a replayed step.
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, generateTotpSecret, matchTotp, otpauthUri, totpCode, totpStep } from './totp.ts';

const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');

describe('totp', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('answers the RFC 6238 vector at %i s', (seconds, expected) => {
    expect(totpCode(RFC_KEY, seconds * 1000, 8)).toBe(expected);
    // Six digits are the last six of the same number.
    expect(totpCode(RFC_KEY, seconds * 1000)).toBe(expected.slice(2));
  });

  it('round-trips base32 and reads it as people type it', () => {
    const encoded = base32Encode(RFC_KEY);
    expect(encoded).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode(encoded.toLowerCase().replace(/(.{4})/g, '$1 '))).toEqual(RFC_KEY);
    expect(base32Decode('not base32!')).toBeNull();
  });

  it('makes 160-bit secrets', () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(generateTotpSecret()).not.toBe(secret);
  });

  it('accepts one step either side of now, not two, and never a step already used', () => {
    const secret = base32Encode(RFC_KEY);
    const now = 1_111_111_111_000;
    const step = totpStep(now);
    expect(matchTotp(secret, totpCode(secret, now), now)).toBe(step);
    expect(matchTotp(secret, totpCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(secret, totpCode(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchTotp(secret, totpCode(secret, now - 60_000), now)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, now + 60_000), now)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, now), now, step)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, now + 30_000), now, step)).toBe(step + 1);
    expect(matchTotp(secret, '12345', now)).toBeNull();
    expect(matchTotp(secret, 'abcdef', now)).toBeNull();
  });

  it('writes the otpauth URI authenticator apps read', () => {
    const uri = otpauthUri({ issuer: 'Tarmac (beta.example.com)', account: 'ann', secret: 'ABCDEF' });
    expect(uri).toBe('otpauth://totp/Tarmac%20(beta.example.com):ann?secret=ABCDEF&issuer=Tarmac%20%28beta.example.com%29&algorithm=SHA1&digits=6&period=30');
  });
});
