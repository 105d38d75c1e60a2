// The device's answer: its attributes, read from the plist it signed.
import { PlistError, parsePlistXml } from './plist.ts';
import type { PlistValue } from './plist.ts';
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

/** The device attributes from the (verified) plist a device sent. */
export function readDeviceAttributes(content: Buffer): DeviceAttributes {
  let root: PlistValue;
  try {
    if (content.subarray(0, 8).toString('latin1') === 'bplist00') throw new PlistError('binary plists are not accepted here');
    root = parsePlistXml(content.toString('utf8'));
  } catch (error) {
    if (error instanceof PlistError) throw new CallbackError(`The signed content is not a valid property list: ${error.message}`);
    throw error;
  }
  if (!(root instanceof Map)) throw new CallbackError('The signed property list is not a dictionary');
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
