// Typed getters over a parsed property list, so callers stay short, and a JSON-safe copy.
import { AppInfoError } from '../errors.ts';
import type { PlistValue } from './limits.ts';

function isDict(value: PlistValue | undefined): value is Record<string, PlistValue> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value) && !(value instanceof Date);
}

function own(dict: Record<string, PlistValue>, key: string): PlistValue | undefined {
  return Object.prototype.hasOwnProperty.call(dict, key) ? dict[key] : undefined;
}

/** The value as a dictionary; throws bad_plist naming `what` when it is something else. */
export function plistDict(value: PlistValue, what: string): Record<string, PlistValue> {
  if (!isDict(value)) throw new AppInfoError('bad_plist', `${what} is not a dictionary (found ${describe(value)})`);
  return value;
}

function describe(value: PlistValue): string {
  if (Array.isArray(value)) return 'an array';
  if (Buffer.isBuffer(value)) return 'data';
  if (value instanceof Date) return 'a date';
  return `a ${typeof value}`;
}

/** A string value (numbers are given as their decimal text, as some Info.plists write versions as integers); null otherwise. */
export function plistString(dict: Record<string, PlistValue>, key: string): string | null {
  const value = own(dict, key);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return null;
}

export function plistBool(dict: Record<string, PlistValue>, key: string): boolean | null {
  const value = own(dict, key);
  return typeof value === 'boolean' ? value : null;
}

export function plistNumber(dict: Record<string, PlistValue>, key: string): number | null {
  const value = own(dict, key);
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  return null;
}

export function plistDate(dict: Record<string, PlistValue>, key: string): Date | null {
  const value = own(dict, key);
  return value instanceof Date ? value : null;
}

export function plistData(dict: Record<string, PlistValue>, key: string): Buffer | null {
  const value = own(dict, key);
  return Buffer.isBuffer(value) ? value : null;
}

export function plistArray(dict: Record<string, PlistValue>, key: string): PlistValue[] {
  const value = own(dict, key);
  return Array.isArray(value) ? value : [];
}

/** The strings of an array value (other elements skipped); [] when absent. */
export function plistStrings(dict: Record<string, PlistValue>, key: string): string[] {
  return plistArray(dict, key).filter((item): item is string => typeof item === 'string');
}

/** The dictionaries of an array value (other elements skipped); [] when absent. */
export function plistDicts(dict: Record<string, PlistValue>, key: string): Record<string, PlistValue>[] {
  return plistArray(dict, key).filter(isDict);
}

/** A nested dictionary; null when absent or of another type. */
export function plistSubDict(dict: Record<string, PlistValue>, key: string): Record<string, PlistValue> | null {
  const value = own(dict, key);
  return isDict(value) ? value : null;
}

/** A JSON-safe copy (dates as ISO strings, data as base64, bigints as decimal strings), for `details`. */
export function plistToJson(value: PlistValue): unknown {
  if (Array.isArray(value)) return value.map(plistToJson);
  if (Buffer.isBuffer(value)) return value.toString('base64');
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  if (isDict(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      Object.defineProperty(out, key, { value: plistToJson(inner), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}
