// Pure helpers of sign-in providers: the LDAP filter escaping, the check of a kind's settings
// (per-field errors), and what an answer shows of a provider.
import { createRequire } from 'node:module';
import type * as ValueModuleNamespace from 'typebox/value';
import type { AuthProviderRow } from '../../db/types.ts';
import { fieldIssue } from '../../errors.ts';
import type { FieldErrors } from '../../errors.ts';
import { mask } from '../../auth/secret-box.ts';
import { isProviderKind, PROVIDER_KINDS, signInStyle } from './kinds.ts';
import type { ProviderKind } from './kinds.ts';
import { SETTINGS_SCHEMAS } from './settings.ts';

/**
 * A value as an LDAP filter assertion value (RFC 4515 section 3): the five characters that
 * mean something in a filter are written as \XX, so `*)(uid=*` matches only itself.
 */
export function escapeFilterValue(value: string): string {
  return value.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** A filter template with {username} (or {dn}) replaced by the escaped value. */
export function fillFilter(template: string, name: 'username' | 'dn', value: string): string {
  return template.split(`{${name}}`).join(escapeFilterValue(value));
}

// typebox/value (~10 MiB) loads on the first check of a provider's settings, not at start: the idle
// server stays within its footprint (bench/footprint.ts). Node loads this ES module synchronously.
const require = createRequire(import.meta.url);
type ValueModule = typeof ValueModuleNamespace;
let valueModule: ValueModule | undefined;
const values = () => (valueModule ??= require('typebox/value') as ValueModule).Value;

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

/** Per-field problems of a kind's settings, keyed settings.<field>; empty when they are right. */
export function settingsErrors(kind: ProviderKind, settings: unknown): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(fieldIssue('invalid', message));
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) {
    add('settings', 'must be an object');
    return errors;
  }
  for (const error of values().Errors(SETTINGS_SCHEMAS[kind], settings)) {
    if (error.keyword === 'boolean') continue; // the same unknown property, told once by additionalProperties
    if (error.keyword === 'additionalProperties') {
      const names = (error.params as { additionalProperties?: string[] }).additionalProperties ?? [];
      for (const name of names) add(`settings.${name}`, `is not a setting of ${kind} providers`);
      continue;
    }
    if (error.keyword === 'required') {
      for (const name of (error.params as { requiredProperties?: string[] }).requiredProperties ?? []) add(`settings.${name}`, "can't be blank");
      continue;
    }
    const field = error.instancePath.replace(/^\//, '').split('/')[0] || 'settings';
    add(field === 'settings' ? field : `settings.${field}`, error.message);
  }
  if (kind === 'ldap' && Object.keys(errors).length === 0) ldapRules(settings as Record<string, unknown>, add);
  return errors;
}

function ldapRules(settings: Record<string, unknown>, add: (field: string, message: string) => void): void {
  const url = String(settings.url);
  if (!/^ldaps?:\/\/[^/\s]+\/?$/i.test(url)) add('settings.url', 'must be ldap://host[:port] or ldaps://host[:port]');
  if (settings.start_tls === true && /^ldaps:/i.test(url)) add('settings.start_tls', 'applies to ldap:// only (ldaps:// is TLS from the start)');
  if (!String(settings.user_filter).includes('{username}')) add('settings.user_filter', 'must contain {username}');
  const pem = settings.ca_certificate;
  if (typeof pem === 'string' && pem.trim() !== '' && !pem.includes('-----BEGIN CERTIFICATE-----')) {
    add('settings.ca_certificate', 'must be a PEM certificate (-----BEGIN CERTIFICATE-----)');
  }
}

/** Field problems of the fields every kind has. */
export function commonErrors(body: { slug?: string; kind?: string; name?: string }): FieldErrors {
  const errors: FieldErrors = {};
  if (body.slug !== undefined && !SLUG_PATTERN.test(body.slug)) {
    errors.slug = [fieldIssue('invalid', 'must be 1 to 64 lowercase letters, digits and dashes, not starting or ending with a dash')];
  }
  if (body.kind !== undefined && !isProviderKind(body.kind)) errors.kind = [fieldIssue('one_of', `must be one of ${PROVIDER_KINDS.join(', ')}`)];
  if (body.name !== undefined && body.name.trim() === '') errors.name = [fieldIssue('blank', "can't be blank")];
  return errors;
}

/** The stored settings JSON, or an empty object when it is not one (written by hand, say). */
export function parseSettings(row: Pick<AuthProviderRow, 'settings'>): Record<string, unknown> {
  try {
    const value = JSON.parse(row.settings) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A provider as the admin API answers it: the secret masked, never in full. */
export function toProviderResponse(row: AuthProviderRow, identities: number, maskedSecret: string | null) {
  const kind = row.kind as ProviderKind;
  return {
    id: row.id,
    slug: row.slug,
    kind,
    name: row.name,
    enabled: Boolean(row.enabled),
    allow_sign_up: Boolean(row.allow_sign_up),
    position: row.position,
    style: signInStyle(kind),
    source: row.source,
    settings: parseSettings(row),
    secret: maskedSecret,
    identities,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export { mask };
