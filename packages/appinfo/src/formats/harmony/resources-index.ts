// HarmonyOS `resources.index`: the compiled resource table that restool writes into every
// .hap. module.json names resources symbolically (`$string:app_name`, `$media:app_icon`);
// this table maps each name, per configuration (base, en_US, zh_CN …), to its value: the
// text of a string, or the in-package path of a media file.
//
// Layout (all integers little-endian), as restool 5.x writes it:
//   header
//     @0    char[128]  tool version, NUL-padded ("Restool 5.008")
//     @128  u32        file size
//     @132  u32        configuration count N
//     @136  N × key configuration:
//             +0  char[4]  "KEYS"
//             +4  u32      offset of this configuration's id set
//             +8  u32      key count K (0 = the base configuration)
//             +12 K × { u32 key type, u32 value }
//               types: 0 language, 1 region, 5 script (value = ASCII letters, last letter in the
//               lowest byte: "en" is 0x656e), 2 resolution, 3 direction, 4 device type,
//               6 colour mode, 7 MCC, 8 MNC, 10 input device (numbers)
//   id set (at the offset a configuration names)
//     +0  char[4]  "IDSS"
//     +4  u32      id count M
//     +8  M × { u32 resource id, u32 offset of its entry }
//   entry (at the offset its id names)
//     +0  u32      size of what follows (type, id, value, name)
//     +4  u32      resource type (9 string, 19 media, 20 profile, 14 color … see RES_TYPES)
//     +8  u32      resource id
//     +12 u16      value length L (including its NUL), then L bytes of UTF-8 value
//     then u16     name length, then the NUL-terminated UTF-8 name
// Array types (string arrays, plurals, themes, patterns) store their items inside the value
// as further u16-length-prefixed strings; their value is returned as those items joined by
// newlines, which is enough for display and never needed for the label or icon.
import { AppInfoError } from '../../errors.ts';

export const RES_TYPES: Record<number, string> = {
  0: 'values',
  1: 'animation',
  2: 'drawable',
  3: 'layout',
  4: 'menu',
  5: 'mipmap',
  6: 'raw',
  7: 'xml',
  8: 'integer',
  9: 'string',
  10: 'strarray',
  11: 'intarray',
  12: 'boolean',
  13: 'dimen',
  14: 'color',
  15: 'id',
  16: 'theme',
  17: 'plural',
  18: 'float',
  19: 'media',
  20: 'profile',
  21: 'svg',
  22: 'pattern',
  23: 'symbol',
};
const ARRAY_TYPES = new Set([10, 11, 16, 17, 22]);

const MAX_CONFIGS = 4096;
const MAX_KEYS = 64;
const MAX_ENTRIES = 1_000_000;
const MAX_ITEMS = 10_000;

export interface ResourceEntry {
  id: number;
  /** 'string', 'media', 'color' … (or 'type<N>' for a type this reader does not know). */
  type: string;
  name: string;
  value: string;
}

export interface ResourceConfig {
  /** '' for the base configuration, else e.g. 'en_US', 'zh_Hans_CN', 'en_US-dark-480dpi'. */
  qualifier: string;
  entries: ResourceEntry[];
}

export interface ResourceTable {
  version: string;
  configs: ResourceConfig[];
}

function fail(message: string): never {
  throw new AppInfoError('corrupt_file', `The HarmonyOS resources.index is corrupt: ${message}`);
}

function need(data: Buffer, offset: number, length: number, what: string): void {
  if (offset < 0 || offset + length > data.length) {
    fail(`${what} at byte ${offset} (${length} bytes) lies outside the ${data.length}-byte table`);
  }
}

/** Letters packed with the last one in the lowest byte: 0x656e → "en". */
function packedLetters(value: number): string {
  let out = '';
  for (let v = value >>> 0; v !== 0; v = v >>> 8) {
    const code = v & 0xff;
    if (code < 0x20 || code > 0x7e) return String(value);
    out = String.fromCharCode(code) + out;
  }
  return out;
}

function qualifierOf(keys: { type: number; value: number }[]): string {
  const parts: string[] = [];
  const find = (type: number) => keys.find((k) => k.type === type);
  const locale = [find(0), find(5), find(1)].filter((k) => k !== undefined).map((k) => packedLetters(k.value));
  if (locale.length > 0) parts.push(locale.join('_'));
  for (const key of keys) {
    if (key.type === 0 || key.type === 1 || key.type === 5) continue;
    const names: Record<number, string> = { 2: 'dpi', 3: 'direction', 4: 'device', 6: 'color', 7: 'mcc', 8: 'mnc', 10: 'input' };
    parts.push(`${names[key.type] ?? `key${key.type}`}${key.value}`);
  }
  return parts.join('-');
}

function readLengthPrefixed(data: Buffer, offset: number, end: number, what: string): { text: string; next: number } {
  if (offset + 2 > end) fail(`${what} length at byte ${offset} runs past its entry`);
  const length = data.readUInt16LE(offset);
  if (offset + 2 + length > end) fail(`${what} (${length} bytes at byte ${offset + 2}) runs past its entry`);
  let text = data.toString('utf8', offset + 2, offset + 2 + length);
  if (text.endsWith('\0')) text = text.slice(0, -1);
  return { text, next: offset + 2 + length };
}

function arrayItems(value: Buffer): string {
  const items: string[] = [];
  let at = 0;
  while (at + 2 <= value.length && items.length < MAX_ITEMS) {
    const { text, next } = readLengthPrefixed(value, at, value.length, 'an array item');
    items.push(text);
    at = next;
  }
  return items.join('\n');
}

/** Parses a whole resources.index held in memory (the caller caps its size). */
export function parseResourceIndex(data: Buffer): ResourceTable {
  need(data, 0, 136, 'the header');
  const version = data.toString('latin1', 0, 128).replace(/\0.*$/s, '');
  const declaredSize = data.readUInt32LE(128);
  if (declaredSize > data.length) fail(`the header declares ${declaredSize} bytes but the file has ${data.length}`);
  const configCount = data.readUInt32LE(132);
  if (configCount > MAX_CONFIGS) fail(`it declares ${configCount} configurations, more than the ${MAX_CONFIGS} accepted`);
  const configs: ResourceConfig[] = [];
  let entryTotal = 0;
  let at = 136;
  for (let i = 0; i < configCount; i++) {
    need(data, at, 12, `key configuration ${i}`);
    if (data.toString('latin1', at, at + 4) !== 'KEYS') fail(`key configuration ${i} at byte ${at} does not start with "KEYS"`);
    const idSetOffset = data.readUInt32LE(at + 4);
    const keyCount = data.readUInt32LE(at + 8);
    if (keyCount > MAX_KEYS) fail(`key configuration ${i} declares ${keyCount} keys, more than ${MAX_KEYS}`);
    need(data, at + 12, keyCount * 8, `the keys of configuration ${i}`);
    const keys: { type: number; value: number }[] = [];
    for (let k = 0; k < keyCount; k++) keys.push({ type: data.readUInt32LE(at + 12 + k * 8), value: data.readUInt32LE(at + 16 + k * 8) });
    at += 12 + keyCount * 8;

    need(data, idSetOffset, 8, `the id set of configuration ${i}`);
    if (data.toString('latin1', idSetOffset, idSetOffset + 4) !== 'IDSS') fail(`the id set at byte ${idSetOffset} does not start with "IDSS"`);
    const idCount = data.readUInt32LE(idSetOffset + 4);
    entryTotal += idCount;
    if (entryTotal > MAX_ENTRIES) fail(`it declares more than ${MAX_ENTRIES} resources`);
    need(data, idSetOffset + 8, idCount * 8, `the ids of configuration ${i}`);
    const entries: ResourceEntry[] = [];
    for (let j = 0; j < idCount; j++) {
      const id = data.readUInt32LE(idSetOffset + 8 + j * 8);
      const offset = data.readUInt32LE(idSetOffset + 12 + j * 8);
      need(data, offset, 4, `the entry of resource 0x${id.toString(16)}`);
      const size = data.readUInt32LE(offset);
      const end = offset + 4 + size;
      need(data, offset + 4, size, `the entry of resource 0x${id.toString(16)}`);
      if (size < 12) fail(`the entry of resource 0x${id.toString(16)} is only ${size} bytes long`);
      const type = data.readUInt32LE(offset + 4);
      const entryId = data.readUInt32LE(offset + 8);
      if (entryId !== id) fail(`the id set names resource 0x${id.toString(16)} but its entry says 0x${entryId.toString(16)}`);
      const valueLength = data.readUInt16LE(offset + 12);
      const valueStart = offset + 14;
      if (valueStart + valueLength > end) fail(`the value of resource 0x${id.toString(16)} runs past its entry`);
      const rawValue = data.subarray(valueStart, valueStart + valueLength);
      const value = ARRAY_TYPES.has(type) ? arrayItems(rawValue) : rawValue.toString('utf8').replace(/\0$/, '');
      const { text: name } = readLengthPrefixed(data, valueStart + valueLength, end, `the name of resource 0x${id.toString(16)}`);
      entries.push({ id, type: RES_TYPES[type] ?? `type${type}`, name, value });
    }
    configs.push({ qualifier: qualifierOf(keys), entries });
  }
  return { version, configs };
}

/**
 * Resolves a `$type:name` reference (or a numeric id) in the base configuration, falling back
 * to the first configuration that has it. Returns null when the table does not have it.
 */
export function resolveResource(table: ResourceTable, reference: string | number, qualifier = ''): ResourceEntry | null {
  let match: (entry: ResourceEntry) => boolean;
  if (typeof reference === 'number') {
    match = (entry) => entry.id === reference;
  } else {
    const parsed = /^\$([a-z]+):(.+)$/.exec(reference);
    if (!parsed) return null;
    const [, type, name] = parsed;
    match = (entry) => entry.type === type && entry.name === name;
  }
  const preferred = table.configs.filter((c) => c.qualifier === qualifier);
  for (const config of [...preferred, ...table.configs]) {
    const found = config.entries.find(match);
    if (found) return found;
  }
  return null;
}

/** Every configuration's value for a reference: { '': 'MyApp', zh_CN: '我的应用' }. */
export function resourceValues(table: ResourceTable, reference: string): Record<string, string> {
  const parsed = /^\$([a-z]+):(.+)$/.exec(reference);
  const out: Record<string, string> = {};
  if (!parsed) return out;
  const [, type, name] = parsed;
  for (const config of table.configs) {
    const found = config.entries.find((e) => e.type === type && e.name === name);
    if (found && !Object.hasOwn(out, config.qualifier)) out[config.qualifier] = found.value;
  }
  return out;
}
