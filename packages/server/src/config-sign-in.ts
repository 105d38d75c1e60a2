// TARMAC_SIGN_IN_PROVIDERS: sign-in providers declared by the environment (Helm, compose), a JSON
// array of {slug, kind, name, settings, enabled?, allow_sign_up?, position?}; each one's secret in
// TARMAC_SIGN_IN_PROVIDER_<SLUG>_SECRET (the slug upper-cased, dashes as underscores) or in the
// file TARMAC_SIGN_IN_PROVIDER_<SLUG>_SECRET_FILE names. Checked here at start: a wrong value stops
// start-up with a ConfigError naming the variable and the field. Upserted at start with source
// 'env' (modules/sign-in-providers/env-sync.ts).
import { readFileSync } from 'node:fs';
import { ConfigError, read } from './config-env.ts';
import type { Env } from './config-env.ts';
import { messageOf } from './errors.ts';
import { commonErrors, settingsErrors } from './modules/sign-in-providers/fns.ts';
import { isProviderKind } from './modules/sign-in-providers/kinds.ts';
import type { ProviderKind } from './modules/sign-in-providers/kinds.ts';

export const SIGN_IN_PROVIDERS_VARIABLE = 'TARMAC_SIGN_IN_PROVIDERS';

export interface DeclaredProvider {
  slug: string;
  kind: ProviderKind;
  name: string;
  enabled: boolean;
  allow_sign_up: boolean;
  position: number;
  settings: Record<string, unknown>;
  secret: string | null;
}

/** TARMAC_SIGN_IN_PROVIDER_<SLUG>_SECRET for a slug. */
export function secretVariable(slug: string): string {
  return `TARMAC_SIGN_IN_PROVIDER_${slug.toUpperCase().replace(/-/g, '_')}_SECRET`;
}

function secretOf(env: Env, slug: string): string | null {
  const name = secretVariable(slug);
  const direct = env[name];
  const file = read(env, `${name}_FILE`);
  if (direct !== undefined && direct !== '' && file !== undefined) throw new ConfigError(name, `and ${name}_FILE are both set: keep one`);
  if (file === undefined) return direct === undefined || direct === '' ? null : direct;
  try {
    return readFileSync(file, 'utf8').replace(/\r?\n$/, '');
  } catch (error) {
    throw new ConfigError(`${name}_FILE`, `cannot be read at ${file}: ${(error as Error).message}`);
  }
}

function one(env: Env, raw: unknown, index: number): DeclaredProvider {
  const where = (field: string) => `[${index}].${field}`;
  const fail = (field: string, message: string) => new ConfigError(SIGN_IN_PROVIDERS_VARIABLE, `${where(field)} ${message}`);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw fail('', 'must be an object');
  const entry = raw as Record<string, unknown>;
  const known = ['slug', 'kind', 'name', 'settings', 'enabled', 'allow_sign_up', 'position'];
  const unknown = Object.keys(entry).find((key) => !known.includes(key));
  if (unknown !== undefined) throw fail(unknown, `is not a field (known: ${known.join(', ')}; the secret goes in ${secretVariable('<slug>')})`);
  for (const field of ['slug', 'kind', 'name']) if (typeof entry[field] !== 'string' || entry[field] === '') throw fail(field, 'must be a non-empty string');
  const common = commonErrors({ slug: entry.slug as string, kind: entry.kind as string, name: entry.name as string });
  const first = Object.entries(common)[0];
  if (first) throw fail(first[0], first[1].map(messageOf).join(', '));
  const kind = entry.kind as string;
  if (!isProviderKind(kind)) throw fail('kind', 'is unknown');
  for (const field of ['enabled', 'allow_sign_up']) if (entry[field] !== undefined && typeof entry[field] !== 'boolean') throw fail(field, 'must be true or false');
  const position = entry.position ?? index;
  if (typeof position !== 'number' || !Number.isInteger(position) || position < 0 || position > 10_000) throw fail('position', 'must be 0 to 10000');
  const problems = Object.entries(settingsErrors(kind, entry.settings));
  if (problems.length > 0) throw fail(problems[0]![0], problems[0]![1].map(messageOf).join(', '));
  const name = (entry.name as string).trim();
  if (name.length > 100) throw fail('name', 'is too long (maximum is 100 characters)');
  return {
    slug: entry.slug as string, kind, name, enabled: entry.enabled !== false, allow_sign_up: entry.allow_sign_up === true, position,
    settings: entry.settings as Record<string, unknown>, secret: secretOf(env, entry.slug as string),
  };
}

/** The providers TARMAC_SIGN_IN_PROVIDERS declares; none when it is unset. */
export function parseSignInProviders(env: Env): DeclaredProvider[] {
  const raw = read(env, SIGN_IN_PROVIDERS_VARIABLE);
  if (raw === undefined) return [];
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch (error) {
    throw new ConfigError(SIGN_IN_PROVIDERS_VARIABLE, `is not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(list)) throw new ConfigError(SIGN_IN_PROVIDERS_VARIABLE, 'must be a JSON array of providers');
  const providers = list.map((entry, index) => one(env, entry, index));
  const slugs = providers.map((provider) => provider.slug);
  const duplicate = slugs.find((slug, index) => slugs.indexOf(slug) !== index);
  if (duplicate !== undefined) throw new ConfigError(SIGN_IN_PROVIDERS_VARIABLE, `declares the slug "${duplicate}" twice`);
  return providers;
}
