// The readers config.ts (and config-storage.ts) check environment variables with: each takes
// the variable's name, so a wrong value stops start-up with a message naming it.
import { isIP } from 'node:net';

export class ConfigError extends Error {
  readonly variable: string;
  constructor(variable: string, message: string) {
    super(`Invalid configuration: ${variable} ${message}`);
    this.name = 'ConfigError';
    this.variable = variable;
  }
}

export type Env = Record<string, string | undefined>;

export function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

export function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

const UNITS: Record<string, number> = { '': 1, b: 1, kb: 1e3, mb: 1e6, gb: 1e9, tb: 1e12, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3, tib: 1024 ** 4 };

export function byteSize(env: Env, name: string, fallback: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(raw);
  const unit = match ? UNITS[match[2]!.toLowerCase()] : undefined;
  if (!match || unit === undefined) throw new ConfigError(name, `must be a number of bytes, optionally with a unit (500MB, 2GiB), got "${raw}"`);
  const bytes = Math.floor(Number(match[1]) * unit);
  if (bytes < 1024) throw new ConfigError(name, `must be at least 1024 bytes, got ${bytes}`);
  return bytes;
}

export function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(name, `must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

/** A comma-separated list of IP addresses (empty when unset). */
export function addressList(env: Env, name: string): string[] {
  const raw = read(env, name);
  if (raw === undefined || raw.trim() === '') return [];
  const parts = raw.split(',').map((part) => part.trim().replace(/^\[|\]$/g, '').toLowerCase());
  const bad = parts.find((part) => isIP(part) === 0);
  if (bad !== undefined) throw new ConfigError(name, `must be a comma-separated list of IP addresses, got "${bad}"`);
  return parts;
}

export function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}
