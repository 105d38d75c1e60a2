// What every property-list reader shares: the value type, the caller's limits and the budget
// that enforces them while reading (a plist comes from an uploaded file, so nesting depth,
// the number of values and string lengths are capped), and the bad_plist error.
import { AppInfoError } from '../errors.ts';

export type PlistValue = string | number | bigint | boolean | Date | Buffer | PlistValue[] | { [key: string]: PlistValue };

export interface PlistOptions {
  /** Deepest nesting of arrays and dictionaries (default 64). */
  maxDepth?: number;
  /** Most values in the whole plist, counting every array element and dictionary entry (default 1,000,000). */
  maxItems?: number;
  /** Longest string or data value, in characters or bytes (default 16 MiB). */
  maxStringLength?: number;
  /** Refuse a dictionary that names a key twice (default false: the last one wins, as CoreFoundation does). */
  refuseDuplicateKeys?: boolean;
}

type Limits = Required<PlistOptions>;

const DEFAULTS: Limits = { maxDepth: 64, maxItems: 1_000_000, maxStringLength: 16 * 1024 * 1024, refuseDuplicateKeys: false };

export function bad(message: string): AppInfoError {
  return new AppInfoError('bad_plist', `The property list is invalid: ${message}`);
}

/** A dictionary that accepts any key ("__proto__" included) as an own property. */
export function newDict(): Record<string, PlistValue> {
  return {};
}

export function setKey(dict: Record<string, PlistValue>, key: string, value: PlistValue): void {
  Object.defineProperty(dict, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Counts values and checks depth and lengths against the limits, throwing limit_exceeded. */
export class Budget {
  readonly limits: Limits;
  items = 0;
  constructor(options: PlistOptions) {
    this.limits = {
      maxDepth: options.maxDepth ?? DEFAULTS.maxDepth,
      maxItems: options.maxItems ?? DEFAULTS.maxItems,
      maxStringLength: options.maxStringLength ?? DEFAULTS.maxStringLength,
      refuseDuplicateKeys: options.refuseDuplicateKeys ?? DEFAULTS.refuseDuplicateKeys,
    };
  }
  item(): void {
    this.items++;
    if (this.items > this.limits.maxItems) {
      throw new AppInfoError(
        'limit_exceeded',
        `The property list holds more than ${this.limits.maxItems} values; refusing to read it (a plist bomb?)`,
      );
    }
  }
  depth(depth: number): void {
    if (depth > this.limits.maxDepth) {
      throw new AppInfoError(
        'limit_exceeded',
        `The property list nests arrays and dictionaries more than ${this.limits.maxDepth} levels deep; refusing to read it`,
      );
    }
  }
  length(length: number, what: string): void {
    if (length > this.limits.maxStringLength) {
      throw new AppInfoError('limit_exceeded', `A ${what} in the property list is ${length} long, more than the ${this.limits.maxStringLength} allowed`);
    }
  }
}
