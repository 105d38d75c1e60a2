// How a channel's bundle id rule is read: "*", Tarmac's globs, and Zealot's unanchored Ruby
// regular expressions translated to RE2 (or refused when RE2 cannot run them in linear time).
import { describe, expect, it } from 'vitest';
import { BUNDLE_ID_RULE_MAX, bundleIdRuleError, bundleIdRuleKind, matchesBundleIdRule } from './bundle-id-rule.ts';

const ID = 'com.icyleaf.appinfodemo';

describe('bundleIdRuleKind', () => {
  it.each([
    ['*', 'any'],
    ['com.example.*', 'glob'],
    ['*.demo', 'glob'],
    ['com.*.app-x_y', 'glob'],
    ['com.example', 'regex'],
    ['.*', 'regex'],
    ['.*demo', 'regex'],
    ['com\\.example\\..*', 'regex'],
    ['^com.example.*', 'regex'],
    ['com.(a|b).*', 'regex'],
  ])('%s is read as %s', (rule, kind) => {
    expect(bundleIdRuleKind(rule)).toBe(kind);
  });
});

describe('matchesBundleIdRule', () => {
  it("accepts what Zealot accepts: unanchored, '.' any character", () => {
    for (const rule of ['com.icyleaf', 'com\\.icyleaf\\..*', '^com\\.icyleaf\\.appinfodemo$', 'icyleaf', 'appinfodemo$', 'com.icyleaf.appinfodemo', '.*']) {
      expect(matchesBundleIdRule(rule, ID), rule).toBe(true);
    }
    expect(matchesBundleIdRule('com.example', 'org.comXexample.app')).toBe(true);
  });

  it('reads a glob over the whole id, "." literal', () => {
    expect(matchesBundleIdRule('com.icyleaf.*', ID)).toBe(true);
    expect(matchesBundleIdRule('com.icyleaf.*', 'org.com.icyleaf.app')).toBe(false);
    expect(matchesBundleIdRule('com.icyleaf.*', 'comXicyleafXapp')).toBe(false);
    expect(matchesBundleIdRule('*.appinfodemo', ID)).toBe(true);
    expect(matchesBundleIdRule('*.appinfo', ID)).toBe(false);
  });

  it('accepts a package without a bundle id only with "*"', () => {
    expect(matchesBundleIdRule('*', null)).toBe(true);
    expect(matchesBundleIdRule('.*', null)).toBe(false);
    expect(matchesBundleIdRule('com.*', null)).toBe(false);
  });

  it('translates Ruby spellings RE2 lacks', () => {
    expect(matchesBundleIdRule('\\Acom\\.icyleaf\\.appinfodemo\\Z', ID)).toBe(true);
    expect(matchesBundleIdRule('demo\\Z', `${ID}\n`)).toBe(true);
    expect(matchesBundleIdRule('demo\\z', `${ID}\n`)).toBe(false);
    expect(matchesBundleIdRule('^\\h+$', 'deadBEEF')).toBe(true);
    expect(matchesBundleIdRule('^[\\h.]+$', 'dead.beef')).toBe(true);
    expect(matchesBundleIdRule('^\\H+$', 'xyz')).toBe(true);
    expect(matchesBundleIdRule('^com(?#the vendor)\\.icyleaf', ID)).toBe(true);
    expect(matchesBundleIdRule('^co{,2}m\\.', ID)).toBe(true);
    expect(matchesBundleIdRule('(?i)^COM\\.ICYLEAF', ID)).toBe(true);
    expect(matchesBundleIdRule('(?i-mx:^COM)\\.icyleaf', ID)).toBe(true);
    // Ruby's (?m) is "dot matches newline".
    expect(matchesBundleIdRule('(?m)a.b', 'a\nb')).toBe(true);
    expect(matchesBundleIdRule('a.b', 'a\nb')).toBe(false);
    // Ruby's ^ and $ are line anchors.
    expect(matchesBundleIdRule('^b$', 'a\nb')).toBe(true);
    expect(matchesBundleIdRule('[[:alpha:]]+\\.[[:alpha:]]+', ID)).toBe(true);
  });

  it('passes nothing for a rule that cannot run', () => {
    expect(matchesBundleIdRule('(?=com)', ID)).toBe(false);
    expect(matchesBundleIdRule('com.(icyleaf', ID)).toBe(false);
  });

  it('answers catastrophic patterns in linear time', () => {
    const id = `${'a'.repeat(100_000)}!`;
    const started = performance.now();
    for (const rule of ['(a+)+$', '(a|a)+$', '(a|aa)+$', '^(a+)+b', '(a*)*b', '(.*)*x']) expect(matchesBundleIdRule(rule, id), rule).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('bundleIdRuleError', () => {
  it('is null for rules that run', () => {
    for (const rule of ['*', 'com.example.*', 'com.example', '^com\\.example$', '(?<name>com)\\.x', '\\p{L}+', 'a{1000}']) expect(bundleIdRuleError(rule), rule).toBeNull();
  });

  it.each([
    ['(a)\\1', 'a backreference ("\\1")'],
    ['(?<n>a)\\k<n>', 'a named backreference'],
    ['(?=com)', 'lookahead or lookbehind'],
    ['(?!com)', 'lookahead or lookbehind'],
    ['(?<=com)x', 'lookahead or lookbehind'],
    ['(?<!com)x', 'lookahead or lookbehind'],
    ['(?>com)', 'an atomic group'],
    ['(?~com)', 'the absence operator'],
    ['(?(1)a|b)', 'a conditional'],
    ['\\Gcom', '"\\G"'],
    ['com\\K', '"\\K"'],
    ['(?x) com', 'extended mode'],
    ['[a-z&&[^aeiou]]', 'character class intersection'],
    ['[a[b]]', 'a nested character class'],
    ['[^\\H]', '"\\H" inside a character class'],
  ])('refuses %s: %s', (rule, what) => {
    const error = bundleIdRuleError(rule);
    expect(error).toMatch(/^uses .*, which Tarmac's linear-time matcher does not support: rewrite the rule without it$/);
    expect(error).toContain(`uses ${what}`);
  });

  it('names what RE2 finds invalid, with the rule as written', () => {
    expect(bundleIdRuleError('com.(icyleaf')).toBe(
      'is not a valid regular expression (missing closing ): `com.(icyleaf`): write a glob like "com.example.*" or an expression like "^com\\.example\\."',
    );
    expect(bundleIdRuleError('a{1001}')).toMatch(/^is not a valid regular expression \(invalid repeat count/);
    expect(bundleIdRuleError('a++')).toMatch(/^is not a valid regular expression/);
    expect(bundleIdRuleError('com\\')).toBe('ends with a lone "\\"');
    expect(bundleIdRuleError('(?#open')).toBe('has a "(?#" comment that is never closed');
  });

  it('bounds the length', () => {
    expect(bundleIdRuleError('a'.repeat(BUNDLE_ID_RULE_MAX))).toBeNull();
    expect(bundleIdRuleError('a'.repeat(BUNDLE_ID_RULE_MAX + 1))).toBe(`is too long (maximum is ${BUNDLE_ID_RULE_MAX} characters)`);
  });

  it('keeps the same answer when a compiled rule is evicted from the cache and compiled again', () => {
    for (let i = 0; i < 600; i++) expect(bundleIdRuleError(`^com\\.example${i}$`)).toBeNull();
    expect(matchesBundleIdRule('^com\\.example0$', 'com.example0')).toBe(true);
  });
});
