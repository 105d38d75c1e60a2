// A channel's bundle id rule: which package names and bundle ids its builds may carry.
//
// Zealot matches the rule as an unanchored Ruby regular expression (`id.match?(rule)`), with
// blank and "*" accepting everything; Tarmac has also always taken globs ("com.example.*").
// A rule is read as:
//   1. "*": any id (even a package without one).
//   2. A glob when it is made only of letters, digits, ".", "-", "_" and "*", holds at least one
//      "*" and does not start with ".": "*" is any run of characters, everything else is
//      literal, and the glob covers the whole id ("com.example.*" accepts "com.example.app",
//      not "com.example" nor "org.com.example.app"). As a Ruby regex such a rule accepts the
//      same ids and more, so nothing Zealot took with a glob-like rule is refused that a
//      reader of the rule would expect; a rule starting with "." (".*") is Zealot's regex.
//   3. Anything else is Zealot's regular expression, unanchored: "com.icyleaf",
//      "com\.icyleaf\..*" and "^com\.icyleaf\.appinfodemo$" all accept
//      "com.icyleaf.appinfodemo".
// Expressions run on RE2 (re2js, pure JavaScript): matching is linear in the id, whatever the
// rule, so no rule can hang the server ("(a+)+$" against 100 000 characters takes
// milliseconds). Ruby syntax is translated where RE2 spells it differently (see translate);
// what RE2 cannot do (backreferences, lookaround, atomic groups) is refused when the rule is
// saved. Rules are compiled once and kept in a small LRU cache. re2js (~250 KB of source) is
// loaded on the first rule that needs it, not at start: most servers never hold such a rule, and
// an idle server keeps every loaded module's source in memory (bench/footprint.ts).
import { createRequire } from 'node:module';
import type { RE2JS as Re2 } from 're2js';

const require = createRequire(import.meta.url);
let re2js: typeof Re2 | undefined;
function RE2(): typeof Re2 {
  re2js ??= (require('re2js') as { RE2JS: typeof Re2 }).RE2JS;
  return re2js;
}

/** The channels.bundle_id column's size, and so the longest rule. */
export const BUNDLE_ID_RULE_MAX = 255;
/** Compiled rules kept: a server has a few hundred channels at most in daily use. */
const CACHE_SIZE = 256;

const GLOB = /^[A-Za-z0-9_*-][A-Za-z0-9._*-]*$/;

export type BundleIdRuleKind = 'any' | 'glob' | 'regex';

/** How `rule` is read (see the file's comment). */
export function bundleIdRuleKind(rule: string): BundleIdRuleKind {
  if (rule === '*') return 'any';
  if (rule.includes('*') && GLOB.test(rule)) return 'glob';
  return 'regex';
}

type Compiled = { ok: true; test: (id: string) => boolean } | { ok: false; error: string };

const cache = new Map<string, Compiled>();

function remember(rule: string, compiled: Compiled): Compiled {
  cache.set(rule, compiled);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return compiled;
}

function compile(rule: string): Compiled {
  const hit = cache.get(rule);
  if (hit) {
    // Most recently used last: the first key is the one to evict.
    cache.delete(rule);
    cache.set(rule, hit);
    return hit;
  }
  if ([...rule].length > BUNDLE_ID_RULE_MAX) return remember(rule, { ok: false, error: `is too long (maximum is ${BUNDLE_ID_RULE_MAX} characters)` });
  const kind = bundleIdRuleKind(rule);
  if (kind === 'any') return remember(rule, { ok: true, test: () => true });
  if (kind === 'glob') {
    const source = rule
      .split('*')
      .map((part) => RE2().quote(part))
      .join('.*');
    const re = RE2().compile(`^(?:${source})$`, RE2().DOTALL);
    return remember(rule, { ok: true, test: (id) => re.test(id) });
  }
  const translated = translate(rule);
  if (!translated.ok) return remember(rule, translated);
  try {
    // Ruby's ^ and $ are always line anchors: RE2's multi-line mode.
    const re = RE2().compile(translated.source, RE2().MULTILINE);
    return remember(rule, { ok: true, test: (id) => re.test(id) });
  } catch (error) {
    // re2js spells the flags it was given into the pattern it quotes: "`(?m)com.(x`".
    const message = (error as Error).message.replace(/^error parsing regexp: /, '').replace('`(?m)', '`');
    return remember(rule, { ok: false, error: `is not a valid regular expression (${message}): write a glob like "com.example.*" or an expression like "^com\\.example\\."` });
  }
}

/**
 * Ruby (Onigmo) syntax → RE2 syntax, or why it cannot run:
 *   - `\Z` (end, or before a final newline) → `(?:\n?\z)`; `\A`, `\z` are the same in both;
 *   - `\h` / `\H` (hex digit) → `[0-9a-fA-F]` / `[^0-9a-fA-F]`; `{,n}` → `{0,n}`;
 *   - inline flags: Ruby's `m` (dot matches newline) is RE2's `s`; `i` is `i`; turning `x`
 *     (extended) on is refused, turning it off is dropped;
 *   - backreferences (`\1`, `\k<name>`), lookahead and lookbehind, atomic groups, `\G`, `\K`,
 *     conditionals and the absence operator are refused: RE2 has no linear-time way to run them.
 * Anything else goes to RE2 as written; RE2's own error names what it refuses.
 */
function translate(rule: string): { ok: true; source: string } | { ok: false; error: string } {
  const refuse = (what: string) => ({ ok: false as const, error: `uses ${what}, which Tarmac's linear-time matcher does not support: rewrite the rule without it` });
  let out = '';
  let inClass = 0;
  for (let i = 0; i < rule.length; i++) {
    const c = rule[i]!;
    if (c === '\\') {
      const next = rule[i + 1];
      if (next === undefined) return { ok: false, error: 'ends with a lone "\\"' };
      if (/[1-9]/.test(next) && inClass === 0) return refuse(`a backreference ("\\${next}")`);
      if (next === 'k' && rule[i + 2] === '<') return refuse('a named backreference ("\\k<…>")');
      if (next === 'G' || next === 'K') return refuse(`"\\${next}"`);
      if (next === 'Z' && inClass === 0) out += '(?:\\n?\\z)';
      else if (next === 'h') out += inClass > 0 ? '0-9a-fA-F' : '[0-9a-fA-F]';
      else if (next === 'H') {
        if (inClass > 0) return refuse('"\\H" inside a character class');
        out += '[^0-9a-fA-F]';
      } else out += c + next;
      i++;
      continue;
    }
    if (inClass > 0) {
      if (c === '[') {
        // RE2 knows "[[:alpha:]]" but not Ruby's nested classes, which it would read otherwise.
        if (rule[i + 1] !== ':') return refuse('a nested character class ("[a[b]]")');
        inClass++;
      } else if (c === ']') inClass--;
      else if (c === '&' && rule[i + 1] === '&') return refuse('character class intersection ("&&")');
      out += c;
      continue;
    }
    if (c === '[') {
      inClass = 1;
      out += c;
      // A "]" or "^]" right after the opening bracket is a literal.
      if (rule[i + 1] === '^') out += rule[++i];
      if (rule[i + 1] === ']') out += rule[++i];
      continue;
    }
    if (c === '{' && rule[i + 1] === ',') {
      const close = /^\{,(\d+)\}/.exec(rule.slice(i));
      if (close) {
        out += `{0,${close[1]}}`;
        i += close[0].length - 1;
        continue;
      }
    }
    if (c === '(' && rule[i + 1] === '?') {
      const rest = rule.slice(i + 2);
      if (/^(=|!|<=|<!)/.test(rest)) return refuse('lookahead or lookbehind ("(?=", "(?!", "(?<=", "(?<!")');
      if (rest.startsWith('>')) return refuse('an atomic group ("(?>")');
      if (rest.startsWith('~')) return refuse('the absence operator ("(?~")');
      if (rest.startsWith('(')) return refuse('a conditional ("(?(")');
      if (rest.startsWith('#')) {
        // A comment group: Ruby ignores it, RE2 does not know it.
        const end = rule.indexOf(')', i);
        if (end === -1) return { ok: false, error: 'has a "(?#" comment that is never closed' };
        i = end;
        continue;
      }
      const flags = /^([imx]*)(?:-([imx]*))?(:|\))/.exec(rest);
      if (flags && (flags[1] !== '' || flags[2] !== undefined)) {
        const on = flags[1]!;
        const off = flags[2] ?? '';
        if (on.includes('x')) return refuse('extended mode ("(?x)")');
        const map = (set: string) => set.replace(/x/g, '').replace(/m/g, 's');
        const onRe2 = map(on);
        const offRe2 = map(off);
        const spelled = onRe2 + (offRe2 === '' ? '' : `-${offRe2}`);
        if (flags[3] === ':') out += spelled === '' ? '(?:' : `(?${spelled}:`;
        else if (spelled !== '') out += `(?${spelled})`;
        i += 1 + flags[0].length;
        continue;
      }
    }
    out += c;
  }
  return { ok: true, source: out };
}

/** Why `rule` cannot be saved, or null when it is a valid rule. */
export function bundleIdRuleError(rule: string): string | null {
  const compiled = compile(rule);
  return compiled.ok ? null : compiled.error;
}

/**
 * Whether a package's bundle id passes the rule. A package without one passes only "*"; a
 * rule that is not valid (saved before rules were checked) passes nothing: callers that must
 * say why use bundleIdRuleError.
 */
export function matchesBundleIdRule(rule: string, bundleId: string | null): boolean {
  if (rule === '*') return true;
  if (bundleId === null) return false;
  const compiled = compile(rule);
  return compiled.ok && compiled.test(bundleId);
}
