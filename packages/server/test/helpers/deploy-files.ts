// Reading the deployment files (deploy/) as their tools would, for deploy-files.test.ts: a
// Dockerfile's stages and instructions, .dockerignore's rules, and the checks every file
// shares (variables that config.ts documents, no secret written into a file).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { configVariables } from '../../src/config-reference.ts';

export const repoRoot = path.resolve(import.meta.dirname, '../../../..');
export const deployDir = path.join(repoRoot, 'deploy');
export const readRepoFile = (file: string): string => readFileSync(path.join(repoRoot, file), 'utf8');

/** The variables docs/configuration.md documents (config-reference.ts, which it is generated from). */
export const documentedVariables = new Set(configVariables.map((variable) => variable.name));
export const configDefault = (name: string): string => configVariables.find((variable) => variable.name === name)!.default;

/** The names among `names` that config.ts does not document. */
export function unknownVariables(names: Iterable<string>): string[] {
  return [...names].filter((name) => !documentedVariables.has(name));
}

const SECRET_NAME = /PASSWORD|SECRET|TOKEN|_KEY$|_KEY_ID$|DATABASE_URL|SMTP_URL|MC_HOST/i;

/**
 * Whether `value`, set for the variable `name`, writes a secret into the file: a secret-looking
 * name with a value that is more than `${…}` references (compose interpolation), or a URL with a
 * password that is not one.
 */
export function committedSecret(name: string, value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  const literal = (typeof value === 'string' ? value : JSON.stringify(value)).replace(/\$\{[^}]*\}/g, '');
  const url = /^[a-z][a-z0-9+.-]*:\/\/([^/@]*)@/i.exec(literal);
  if (url) return /:./.test(url[1]!);
  return SECRET_NAME.test(name) && literal.trim() !== '';
}

/** Name → value pairs of a compose `environment:` (map or list form). */
export function composeEnvironment(environment: unknown): [string, unknown][] {
  if (Array.isArray(environment)) {
    return (environment as string[]).map((entry) => {
      const at = entry.indexOf('=');
      return at < 0 ? [entry, undefined] : [entry.slice(0, at), entry.slice(at + 1)];
    });
  }
  return Object.entries((environment ?? {}) as Record<string, unknown>);
}

export interface Instruction {
  keyword: string;
  args: string;
}
export interface Stage {
  from: string;
  name: string | undefined;
  instructions: Instruction[];
}

/** A Dockerfile's stages: continuation lines joined, comments and parser directives dropped. */
export function parseDockerfile(text: string): { args: Instruction[]; stages: Stage[] } {
  const lines = text.replace(/\\\n/g, ' ').split('\n');
  const global: Instruction[] = [];
  const stages: Stage[] = [];
  for (const line of lines.map((l) => l.trim()).filter((l) => l && !l.startsWith('#'))) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line)!;
    const instruction = { keyword: keyword.toUpperCase(), args: args.replace(/\s+/g, ' ').trim() };
    if (instruction.keyword === 'FROM') {
      const [from, , name] = instruction.args.split(' ');
      stages.push({ from: from!, name, instructions: [] });
    } else (stages.at(-1)?.instructions ?? global).push(instruction);
  }
  return { args: global, stages };
}

/** `KEY=value KEY2="value 2"` pairs of an ENV, LABEL or ARG instruction. */
export function keyValues(args: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of args.matchAll(/([\w.-]+)(?:=("(?:[^"\\]|\\.)*"|\S*))?/g)) {
    const raw = match[2] ?? '';
    out[match[1]!] = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
  }
  return out;
}

/**
 * Whether .dockerignore's `rules` leave `file` (relative to the context) out: the last rule that
 * matches the file or a folder above it decides, `!` rules bring files back (Docker's own order).
 */
export function dockerIgnored(rules: string[], file: string): boolean {
  const parts = file.split('/');
  const candidates = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
  let ignored = false;
  for (const rule of rules) {
    const negated = rule.startsWith('!');
    const pattern = (negated ? rule.slice(1) : rule).replace(/^\/+|\/+$/g, '');
    if (candidates.some((candidate) => path.matchesGlob(candidate, pattern))) ignored = !negated;
  }
  return ignored;
}

export function dockerignoreRules(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
}
