import { describe, expect, it } from 'vitest';
import { canonicalUdid, isUdid } from './udid.ts';

describe('UDIDs', () => {
  it('accepts both formats and gives Apple’s case', () => {
    expect(canonicalUdid('00008030-001a2b3c4d5e802e')).toBe('00008030-001A2B3C4D5E802E');
    expect(canonicalUdid('E801228C2086D3AACC917B9C3D19BFA56EFCAB5B')).toBe('e801228c2086d3aacc917b9c3d19bfa56efcab5b');
    // An Intel Mac, as Apple's portal lists it.
    expect(canonicalUdid('5b0f3e1a-9c2d-4e8f-a1b2-c3d4e5f60718')).toBe('5B0F3E1A-9C2D-4E8F-A1B2-C3D4E5F60718');
  });

  it('refuses anything else', () => {
    for (const bad of ['', '1', '00008030001A2B3C4D5E802E', '00008030-001A2B3C4D5E802', 'g801228c2086d3aacc917b9c3d19bfa56efcab5b', '00008030-001A2B3C4D5E802E\n', ' 00008030-001A2B3C4D5E802E', '5B0F3E1A-9C2D-4E8F-A1B2-C3D4E5F6071', '5B0F3E1A9C2D-4E8F-A1B2-C3D4E5F60718']) {
      expect(isUdid(bad), JSON.stringify(bad)).toBe(false);
      expect(canonicalUdid(bad)).toBeUndefined();
    }
  });
});
