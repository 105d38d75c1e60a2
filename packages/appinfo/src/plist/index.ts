// Apple property lists, XML and binary (bplist00), parsed without dependencies and with
// limits (limits.ts): binary.ts reads bplist00, xml-reader.ts reads XML through the shared
// XML tokenizer, values.ts holds the typed getters and writer.ts writes XML. Every failure
// is an AppInfoError('bad_plist') or, for a safety limit, AppInfoError('limit_exceeded').
import { parseBinaryPlist } from './binary.ts';
import { bad, Budget } from './limits.ts';
import type { PlistOptions, PlistValue } from './limits.ts';
import { parseXmlPlist } from './xml-reader.ts';

export type { PlistOptions, PlistValue } from './limits.ts';
export * from './values.ts';

/** Parses an XML or binary property list. */
export function parsePlist(data: Buffer, options: PlistOptions = {}): PlistValue {
  const budget = new Budget(options);
  if (data.length === 0) throw bad('it is empty (0 bytes)');
  if (data.length >= 6 && data.toString('latin1', 0, 6) === 'bplist') return parseBinaryPlist(data, budget);
  return parseXmlPlist(data, budget);
}

/** True when the bytes start like a binary or XML property list. */
export function looksLikePlist(head: Buffer): boolean {
  if (head.length >= 8 && head.toString('latin1', 0, 8) === 'bplist00') return true;
  const text = head.toString('utf8', 0, Math.min(head.length, 512)).replace(/^\uFEFF/, '').trimStart();
  return text.startsWith('<?xml') || text.startsWith('<!DOCTYPE plist') || text.startsWith('<plist');
}
