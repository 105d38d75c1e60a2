import { describe, expect, it } from 'vitest';
import { addPending, claimList, claimText, claimTrue, isLoopbackHttp, membership, pendingOf, removePending, safeNext, stateHash } from './flow-fns.ts';

describe('safeNext', () => {
  it('keeps paths on this site, refuses everything else', () => {
    expect(safeNext('/apps/x?tab=1#y')).toBe('/apps/x?tab=1#y');
    for (const bad of [undefined, '', 'apps', '//evil.example', 'https://evil.example/', '/\\evil.example', '/a\nb', `/${'a'.repeat(2001)}`]) {
      expect(safeNext(bad), String(bad)).toBe('/');
    }
  });
});

describe('the state cookie', () => {
  it('holds the newest three pending states, drops one that came back, ignores junk', () => {
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map(stateHash) as [string, string, string, string];
    let cookie = addPending(undefined, a);
    cookie = addPending(cookie, b);
    cookie = addPending(cookie, c);
    cookie = addPending(cookie, d);
    expect(pendingOf(cookie)).toEqual([d, c, b]);
    expect(pendingOf(removePending(cookie, c))).toEqual([d, b]);
    expect(pendingOf(`x.${a}.<script>`)).toEqual([a]);
    expect(stateHash('a')).not.toBe(stateHash('b'));
  });
});

describe('claims', () => {
  const claims = { sub: 'u1', id: 42, email: ' a@b.c ', blank: ' ', groups: ['x', 1, 'y'], one: 'solo', v: 'true', f: false };
  it('reads text, lists and the truth of email_verified as providers send them', () => {
    expect([claimText(claims, 'sub'), claimText(claims, 'id'), claimText(claims, 'email'), claimText(claims, 'blank')]).toEqual(['u1', '42', 'a@b.c', undefined]);
    expect(claimText(claims, undefined)).toBeUndefined();
    expect(claimList(claims, 'groups')).toEqual(['x', 'y']);
    expect(claimList(claims, 'one')).toEqual(['solo']);
    expect(claimList(claims, 'missing')).toEqual([]);
    expect([claimTrue(claims, 'v'), claimTrue(claims, 'f'), claimTrue(claims, 'sub')]).toEqual([true, false, false]);
  });
});

describe('membership', () => {
  it('allows anyone without a list, members of an allowed or admin group otherwise; admin groups give the role', () => {
    expect(membership([], [], [])).toEqual({ allowed: true, role: undefined });
    expect(membership(['Mobile'], ['mobile'], [])).toEqual({ allowed: true, role: undefined });
    expect(membership(['web'], ['mobile'], [])).toEqual({ allowed: false, role: undefined });
    expect(membership(['admins'], ['mobile'], ['ADMINS'])).toEqual({ allowed: true, role: 'admin' });
    expect(membership(['mobile'], [], ['admins'])).toEqual({ allowed: true, role: 'default' });
  });
});

describe('isLoopbackHttp', () => {
  it('only plain http on the loopback', () => {
    expect(['http://127.0.0.1:8080', 'http://localhost/x', 'http://[::1]:9'].map((u) => isLoopbackHttp(new URL(u)))).toEqual([true, true, true]);
    expect(['https://127.0.0.1', 'http://10.0.0.1', 'http://idp.example.com', 'http://127.0.0.1.evil.example'].map((u) => isLoopbackHttp(new URL(u))))
      .toEqual([false, false, false, false]);
  });
});
