// The device's answer: its attributes, read from the plist it signed.
import { isAppInfoError, parsePlist } from '@tarmac/appinfo';
import type { PlistOptions, PlistValue } from '@tarmac/appinfo';
import { canonicalUdid } from './udid.ts';

export interface DeviceAttributes {
  udid: string;
  product: string | null;
  version: string | null;
  serial: string | null;
  imei: string | null;
  deviceName: string | null;
  challenge: string | undefined;
}

/** Column widths (the devices table). */
export const ATTRIBUTE_MAX = 64;
export const DEVICE_NAME_MAX = 255;

export class CallbackError extends Error {}

/** Printable text, trimmed and capped; null when absent or blank. */
function cleanText(value: PlistValue | undefined, max: number): string | null {
  if (typeof value !== 'string') return null;
  // eslint-disable-next-line no-control-regex
  const text = value.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  if (text === '') return null;
  return [...text].slice(0, max).join('');
}

/** A device's answer is a flat dictionary of a few strings: small limits, and no key said twice. */
const ANSWER_LIMITS: PlistOptions = { maxDepth: 8, maxItems: 500, refuseDuplicateKeys: true };

function isDict(value: PlistValue): value is Record<string, PlistValue> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value) && !(value instanceof Date);
}

/** The device attributes from the (verified) plist a device sent. */
export function readDeviceAttributes(content: Buffer): DeviceAttributes {
  if (content.subarray(0, 6).toString('latin1') === 'bplist') {
    throw new CallbackError('The signed content is not a valid property list: binary plists are not accepted here');
  }
  let value: PlistValue;
  try {
    value = parsePlist(content, ANSWER_LIMITS);
  } catch (error) {
    if (isAppInfoError(error)) throw new CallbackError(`The signed content is not a valid property list: ${error.message}`);
    throw error;
  }
  if (!isDict(value)) throw new CallbackError('The signed property list is not a dictionary');
  const root = { get: (key: string) => (Object.hasOwn(value, key) ? value[key] : undefined) };
  const udidValue = root.get('UDID');
  if (typeof udidValue !== 'string' || udidValue.trim() === '') throw new CallbackError('The device attributes have no UDID');
  const udid = canonicalUdid(udidValue.trim());
  if (!udid) throw new CallbackError(`"${udidValue.slice(0, 64)}" is not a UDID: expected 40 hex digits or 8 and 16 hex digits joined by a hyphen`);
  const challenge = root.get('CHALLENGE');
  return {
    udid,
    product: cleanText(root.get('PRODUCT'), ATTRIBUTE_MAX),
    version: cleanText(root.get('VERSION'), ATTRIBUTE_MAX),
    serial: cleanText(root.get('SERIAL'), ATTRIBUTE_MAX),
    imei: cleanText(root.get('IMEI'), ATTRIBUTE_MAX),
    deviceName: cleanText(root.get('DEVICE_NAME'), DEVICE_NAME_MAX),
    challenge: typeof challenge === 'string' ? challenge : undefined,
  };
}
