// Pure helpers of the UDID flow: UDID formats, the signed challenge, the small XML plist
// reader and writer the profile service needs, the device's answer, the visitor's device
// from its user agent, and friendly names for model identifiers.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// ─── UDIDs ──────────────────────────────────────────────────────────────────────────────────

/**
 * 40 hex digits (devices before 2018), 8-16 hex digits (newer: `00008030-001A2B3C4D5E802E`), or
 * an Intel Mac's hardware UUID (8-4-4-4-12), which is how Apple's portal and macOS profiles
 * list those Macs.
 */
const UDID_PATTERN = /^(?:[0-9a-fA-F]{40}|[0-9a-fA-F]{8}-[0-9a-fA-F]{16}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;

export const UDID_MAX = 40;

export function isUdid(value: string): boolean {
  return UDID_PATTERN.test(value);
}

/**
 * The form stored and shown: Apple's own (the developer portal and provisioning profiles) —
 * old 40-digit UDIDs in lowercase, new ones in uppercase. Undefined for anything else.
 */
export function canonicalUdid(value: string): string | undefined {
  if (!isUdid(value)) return undefined;
  return value.length === 40 ? value.toLowerCase() : value.toUpperCase();
}

// ─── The challenge ──────────────────────────────────────────────────────────────────────────
// Each profile carries a challenge the device sends back with its attributes. It is signed
// with the server's secret and expires, so a callback without one that this server issued
// recently is refused; the service also records each challenge when it is used, so it works
// once. Format: `<expiry, unix seconds>.<nonce, base64url>.<HMAC-SHA256, base64url, 32 chars>`.

/** The default lifetime (TARMAC_UDID_CHALLENGE_MINUTES sets the server's). */
export const CHALLENGE_TTL_SECONDS = 15 * 60;
const CHALLENGE_PATTERN = /^(\d{1,12})\.([A-Za-z0-9_-]{16,32})\.([A-Za-z0-9_-]{32})$/;

export type ChallengeCheck =
  | { status: 'ok'; /** Unique per challenge: what a use records. */ nonce: string; /** Epoch milliseconds. */ expiresAt: number }
  | { status: 'missing' | 'invalid' | 'expired' };

export interface Challenges {
  issue(now?: number): string;
  check(token: string | undefined, now?: number): ChallengeCheck;
}

export function createChallenges(secretKey: string, ttlSeconds = CHALLENGE_TTL_SECONDS): Challenges {
  const mac = (expiry: string, nonce: string) =>
    createHmac('sha256', secretKey).update(`tarmac-udid-challenge\0${expiry}\0${nonce}`).digest('base64url').slice(0, 32);
  return {
    issue(now = Date.now()) {
      const expiry = String(Math.floor(now / 1000) + ttlSeconds);
      const nonce = randomBytes(16).toString('base64url');
      return `${expiry}.${nonce}.${mac(expiry, nonce)}`;
    },
    check(token, now = Date.now()) {
      if (token === undefined || token === '') return { status: 'missing' };
      const match = CHALLENGE_PATTERN.exec(token);
      if (!match) return { status: 'invalid' };
      const expected = Buffer.from(mac(match[1]!, match[2]!));
      const given = Buffer.from(match[3]!);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { status: 'invalid' };
      const expiresAt = Number(match[1]) * 1000;
      return expiresAt <= now ? { status: 'expired' } : { status: 'ok', nonce: match[2]!, expiresAt };
    },
  };
}

// ─── XML property lists ─────────────────────────────────────────────────────────────────────

export type PlistValue = string | number | boolean | PlistValue[] | Map<string, PlistValue>;

export class PlistError extends Error {}

const PLIST_MAX_DEPTH = 8;
const PLIST_MAX_ITEMS = 500;
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeText(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|[A-Za-z][A-Za-z0-9]{0,15});|&/g, (whole, entity: string | undefined) => {
    if (entity === undefined) throw new PlistError('a "&" does not start an entity');
    if (entity.startsWith('#')) {
      const code = entity[1] === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) throw new PlistError(`the character reference ${whole} is invalid`);
      return String.fromCodePoint(code);
    }
    const value = ENTITIES[entity];
    if (value === undefined) throw new PlistError(`the entity ${whole} is unknown`);
    return value;
  });
}

interface Token {
  kind: 'open' | 'close' | 'empty' | 'text';
  name: string;
  text: string;
}

function tokenize(source: string): Token[] {
  const body = source
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[^?]*\?>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/^\s*<!DOCTYPE[^>[]*>/, '');
  const tokens: Token[] = [];
  const pattern = /<(\/?)([A-Za-z]+)(?:\s[^<>]*?)?(\/?)>|([^<]+)|(<)/g;
  for (let match = pattern.exec(body); match; match = pattern.exec(body)) {
    if (match[5]) throw new PlistError('the XML has markup the plist format does not allow');
    if (match[4] !== undefined) {
      tokens.push({ kind: 'text', name: '', text: match[4] });
    } else {
      const kind = match[1] ? 'close' : match[3] ? 'empty' : 'open';
      tokens.push({ kind, name: match[2]!, text: '' });
    }
    if (tokens.length > PLIST_MAX_ITEMS * 4) throw new PlistError('the plist has too many elements');
  }
  return tokens;
}

/**
 * Reads an XML property list with limits (depth, number of values). Dictionaries come back
 * as Maps, so no key can reach an object's prototype. Dates and data stay strings.
 */
export function parsePlistXml(source: string): PlistValue {
  const tokens = tokenize(source);
  let at = 0;
  let items = 0;
  const isSpace = (token: Token | undefined) => token?.kind === 'text' && token.text.trim() === '';
  /** The next element, skipping the white space between elements. */
  const next = () => {
    while (isSpace(tokens[at])) at++;
    return tokens[at++];
  };

  function textUntil(name: string): string {
    let text = '';
    for (;;) {
      const token = tokens[at++];
      if (!token) throw new PlistError(`<${name}> is not closed`);
      if (token.kind === 'text') text += token.text;
      else if (token.kind === 'close' && token.name === name) return decodeText(text);
      else throw new PlistError(`<${name}> holds markup`);
    }
  }

  function value(depth: number): PlistValue {
    if (depth > PLIST_MAX_DEPTH) throw new PlistError(`the plist is nested deeper than ${PLIST_MAX_DEPTH}`);
    if (++items > PLIST_MAX_ITEMS) throw new PlistError(`the plist has more than ${PLIST_MAX_ITEMS} values`);
    const token = next();
    if (!token || token.kind === 'text' || token.kind === 'close') throw new PlistError('a value was expected');
    const empty = token.kind === 'empty';
    switch (token.name) {
      case 'dict': {
        const dict = new Map<string, PlistValue>();
        if (empty) return dict;
        for (;;) {
          const key = next();
          if (key?.kind === 'close' && key.name === 'dict') return dict;
          if (key?.kind !== 'open' || key.name !== 'key') throw new PlistError('a <key> was expected in <dict>');
          const name = textUntil('key');
          if (dict.has(name)) throw new PlistError(`the key "${name.slice(0, 40)}" appears twice`);
          dict.set(name, value(depth + 1));
        }
      }
      case 'array': {
        const list: PlistValue[] = [];
        if (empty) return list;
        for (;;) {
          while (isSpace(tokens[at])) at++;
          if (tokens[at]?.kind === 'close' && tokens[at]!.name === 'array') {
            at++;
            return list;
          }
          list.push(value(depth + 1));
        }
      }
      case 'string':
      case 'date':
      case 'data':
        return empty ? '' : textUntil(token.name);
      case 'integer':
      case 'real': {
        const text = empty ? '' : textUntil(token.name).trim();
        const number = Number(text);
        if (text === '' || !Number.isFinite(number)) throw new PlistError(`<${token.name}> holds "${text.slice(0, 40)}", not a number`);
        return number;
      }
      case 'true':
      case 'false':
        if (!empty) {
          const close = next();
          if (close?.kind !== 'close' || close.name !== token.name) throw new PlistError(`<${token.name}> is not closed`);
        }
        return token.name === 'true';
      default:
        throw new PlistError(`<${token.name}> is not a plist element`);
    }
  }

  const root = next();
  if (!root || root.kind !== 'open' || root.name !== 'plist') throw new PlistError('the content is not an XML property list');
  const result = value(1);
  const close = next();
  while (isSpace(tokens[at])) at++;
  if (close?.kind !== 'close' || close.name !== 'plist' || at !== tokens.length) throw new PlistError('the plist has content after its value');
  return result;
}

export type PlistInput = string | number | boolean | readonly PlistInput[] | { readonly [key: string]: PlistInput };

function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[c]!};`);
}

function plistElement(value: PlistInput, indent: string): string {
  if (typeof value === 'string') return `${indent}<string>${escapeXml(value)}</string>\n`;
  if (typeof value === 'boolean') return `${indent}<${value}/>\n`;
  if (typeof value === 'number') return `${indent}<${Number.isInteger(value) ? 'integer' : 'real'}>${value}</${Number.isInteger(value) ? 'integer' : 'real'}>\n`;
  const inner = `${indent}\t`;
  if (Array.isArray(value)) return `${indent}<array>\n${value.map((v: PlistInput) => plistElement(v, inner)).join('')}${indent}</array>\n`;
  const entries = Object.entries(value as Record<string, PlistInput>);
  return `${indent}<dict>\n${entries.map(([k, v]) => `${inner}<key>${escapeXml(k)}</key>\n${plistElement(v, inner)}`).join('')}${indent}</dict>\n`;
}

/** An XML property list document, as Apple writes them. */
export function plistXml(value: PlistInput): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n' +
    '<plist version="1.0">\n' +
    plistElement(value, '') +
    '</plist>\n'
  );
}

// ─── The profile service profile ────────────────────────────────────────────────────────────

/** What the device is asked to send back (Apple's names). */
export const DEVICE_ATTRIBUTES = ['UDID', 'IMEI', 'ICCID', 'VERSION', 'PRODUCT', 'SERIAL', 'DEVICE_NAME'] as const;

export interface ProfileTexts {
  displayName: string;
  description: string;
  organization: string;
}

/** A stable UUID (version 4 layout) derived from the secret and the base URL. */
export function stableUuid(secretKey: string, seed: string): string {
  const hex = createHmac('sha256', secretKey).update(`tarmac-udid-profile\0${seed}`).digest('hex').slice(0, 32).split('');
  hex[12] = '4';
  hex[16] = '89ab'[parseInt(hex[16]!, 16) % 4]!;
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`.toUpperCase();
}

/**
 * The Profile Service configuration profile: iOS shows it under Settings, and when the user
 * installs it, posts the signed device attributes (with the challenge) to `retrieveUrl`.
 * Nothing stays installed.
 */
export function buildProfileServiceConfig(options: { retrieveUrl: string; challenge: string; uuid: string; texts: ProfileTexts }): string {
  const host = new URL(options.retrieveUrl).hostname;
  return plistXml({
    PayloadContent: {
      URL: options.retrieveUrl,
      DeviceAttributes: [...DEVICE_ATTRIBUTES],
      Challenge: options.challenge,
    },
    PayloadOrganization: options.texts.organization,
    PayloadDisplayName: options.texts.displayName,
    PayloadDescription: options.texts.description,
    PayloadVersion: 1,
    PayloadUUID: options.uuid,
    PayloadIdentifier: `tarmac.profile-service.${host}`,
    PayloadType: 'Profile Service',
  });
}

// ─── The device's answer ────────────────────────────────────────────────────────────────────

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

// ─── Builds for a device ────────────────────────────────────────────────────────────────────

/**
 * Whether the provisioning profile stored with a release lists the UDID (any case). The
 * metadata is appinfo's wire JSON: `details.provisioning_profile.devices` for an ipa.
 */
export function profileListsDevice(metadata: string, udid: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(metadata);
  } catch {
    return false;
  }
  const devices = (parsed as { details?: { provisioning_profile?: { devices?: unknown } | null } | null } | null)?.details?.provisioning_profile?.devices;
  if (!Array.isArray(devices)) return false;
  const wanted = udid.toLowerCase();
  return devices.some((device) => typeof device === 'string' && device.toLowerCase() === wanted);
}

// ─── The visitor's device ───────────────────────────────────────────────────────────────────

export interface VisitorDevice {
  /** ios: iPhone, iPad or iPod; mac: a Mac, or an iPad in desktop mode (the page's script tells them apart). */
  platform: 'ios' | 'mac' | 'android' | 'other';
  /** The in-app browser the page is open in, which cannot install profiles. */
  inApp: string | null;
}

const IN_APP_BROWSERS: [RegExp, string][] = [
  [/\bwxwork\//i, 'WeCom'],
  [/\bMicroMessenger\//i, 'WeChat'],
  [/\bDingTalk\b/i, 'DingTalk'],
  [/\b(?:Lark|Feishu)\//i, 'Feishu'],
  [/\bAlipayClient\b/i, 'Alipay'],
  [/\bWeibo\b/i, 'Weibo'],
  [/\bQQ\/\d/i, 'QQ'],
  [/\bFBA[NV]\//, 'Facebook'],
  [/\bInstagram\b/, 'Instagram'],
];

export function visitorDevice(userAgent: string | undefined): VisitorDevice {
  const ua = (userAgent ?? '').slice(0, 1024);
  const inApp = IN_APP_BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  let platform: VisitorDevice['platform'] = 'other';
  if (/\b(?:iPhone|iPad|iPod)\b/.test(ua)) platform = 'ios';
  else if (/\bAndroid\b/i.test(ua) || /\b(?:HarmonyOS|OpenHarmony)\b/i.test(ua)) platform = 'android';
  else if (/\bMacintosh\b/.test(ua)) platform = 'mac';
  return { platform, inApp };
}

// ─── Model names ────────────────────────────────────────────────────────────────────────────

const MODELS: Record<string, string> = {
  'iPhone10,1': 'iPhone 8',
  'iPhone10,4': 'iPhone 8',
  'iPhone10,2': 'iPhone 8 Plus',
  'iPhone10,5': 'iPhone 8 Plus',
  'iPhone10,3': 'iPhone X',
  'iPhone10,6': 'iPhone X',
  'iPhone11,2': 'iPhone XS',
  'iPhone11,4': 'iPhone XS Max',
  'iPhone11,6': 'iPhone XS Max',
  'iPhone11,8': 'iPhone XR',
  'iPhone12,1': 'iPhone 11',
  'iPhone12,3': 'iPhone 11 Pro',
  'iPhone12,5': 'iPhone 11 Pro Max',
  'iPhone12,8': 'iPhone SE (2nd generation)',
  'iPhone13,1': 'iPhone 12 mini',
  'iPhone13,2': 'iPhone 12',
  'iPhone13,3': 'iPhone 12 Pro',
  'iPhone13,4': 'iPhone 12 Pro Max',
  'iPhone14,4': 'iPhone 13 mini',
  'iPhone14,5': 'iPhone 13',
  'iPhone14,2': 'iPhone 13 Pro',
  'iPhone14,3': 'iPhone 13 Pro Max',
  'iPhone14,6': 'iPhone SE (3rd generation)',
  'iPhone14,7': 'iPhone 14',
  'iPhone14,8': 'iPhone 14 Plus',
  'iPhone15,2': 'iPhone 14 Pro',
  'iPhone15,3': 'iPhone 14 Pro Max',
  'iPhone15,4': 'iPhone 15',
  'iPhone15,5': 'iPhone 15 Plus',
  'iPhone16,1': 'iPhone 15 Pro',
  'iPhone16,2': 'iPhone 15 Pro Max',
  'iPhone17,3': 'iPhone 16',
  'iPhone17,4': 'iPhone 16 Plus',
  'iPhone17,1': 'iPhone 16 Pro',
  'iPhone17,2': 'iPhone 16 Pro Max',
  'iPhone17,5': 'iPhone 16e',
  'iPad7,11': 'iPad (7th generation)',
  'iPad7,12': 'iPad (7th generation)',
  'iPad11,6': 'iPad (8th generation)',
  'iPad11,7': 'iPad (8th generation)',
  'iPad12,1': 'iPad (9th generation)',
  'iPad12,2': 'iPad (9th generation)',
  'iPad13,18': 'iPad (10th generation)',
  'iPad13,19': 'iPad (10th generation)',
  'iPad14,1': 'iPad mini (6th generation)',
  'iPad14,2': 'iPad mini (6th generation)',
  'iPad13,16': 'iPad Air (5th generation)',
  'iPad13,17': 'iPad Air (5th generation)',
  'iPad13,4': 'iPad Pro 11-inch (3rd generation)',
  'iPad13,5': 'iPad Pro 11-inch (3rd generation)',
  'iPad13,6': 'iPad Pro 11-inch (3rd generation)',
  'iPad13,7': 'iPad Pro 11-inch (3rd generation)',
  'iPad13,8': 'iPad Pro 12.9-inch (5th generation)',
  'iPad13,9': 'iPad Pro 12.9-inch (5th generation)',
  'iPad13,10': 'iPad Pro 12.9-inch (5th generation)',
  'iPad13,11': 'iPad Pro 12.9-inch (5th generation)',
  'iPad14,3': 'iPad Pro 11-inch (4th generation)',
  'iPad14,4': 'iPad Pro 11-inch (4th generation)',
  'iPad14,5': 'iPad Pro 12.9-inch (6th generation)',
  'iPad14,6': 'iPad Pro 12.9-inch (6th generation)',
  'iPad14,8': 'iPad Air 11-inch (M2)',
  'iPad14,9': 'iPad Air 11-inch (M2)',
  'iPad14,10': 'iPad Air 13-inch (M2)',
  'iPad14,11': 'iPad Air 13-inch (M2)',
  'iPad16,3': 'iPad Pro 11-inch (M4)',
  'iPad16,4': 'iPad Pro 11-inch (M4)',
  'iPad16,5': 'iPad Pro 13-inch (M4)',
  'iPad16,6': 'iPad Pro 13-inch (M4)',
  'iPod9,1': 'iPod touch (7th generation)',
};

/** The marketing name of a model identifier (`iPhone15,2` → iPhone 14 Pro), when known. */
export function modelName(product: string | null): string | null {
  return product ? (Object.hasOwn(MODELS, product) ? MODELS[product]! : null) : null;
}

/**
 * The iOS major version of a build number (`21A329` → 17): Apple numbers builds from 13 for
 * iOS 9 upwards, and iOS 26 (2025) follows iOS 18 with build 23. Null when it does not look like one.
 */
export function iosMajorFromBuild(build: string | null): number | null {
  const match = build ? /^(\d{2})[A-Z]\d{1,4}[a-z]?$/.exec(build) : null;
  if (!match) return null;
  const train = Number(match[1]);
  if (train < 13) return null;
  return train >= 23 ? train + 3 : train - 4;
}

// ─── Sync from the Apple developer account ──────────────────────────────────────────────────

/**
 * Apple's platform or status word as stored: upper case, as the App Store Connect API writes
 * it (IOS, MAC_OS; ENABLED, DISABLED). The older developer-portal client (Spaceship::Device)
 * says `ios`/`mac` and `c`/`r`: those become the API's words. Undefined when the value is not
 * a single word of letters, digits and underscores (at most 32).
 */
export function appleWord(value: string, kind: 'platform' | 'status'): string | undefined {
  if (!/^[A-Za-z][A-Za-z0-9_]{0,31}$/.test(value)) return undefined;
  const word = value.toUpperCase();
  if (kind === 'platform') return word === 'MAC' ? 'MAC_OS' : word;
  return word === 'C' ? 'ENABLED' : word === 'R' ? 'DISABLED' : word;
}

/** The Apple-account fields of a device, as a sync says them (null: not said). */
export interface SyncFields {
  name: string | null;
  model_name: string | null;
  platform: string | null;
  status: string | null;
}

/**
 * What a sync changes on a device already stored: each field the sync says (not null) and
 * that differs. A field the sync leaves out or sends empty keeps its value, so an empty name
 * never wipes the one the team chose; a name Apple gives replaces it (it is the name the team
 * gave the device in its developer account). Empty when nothing changes.
 */
export function syncChanges(stored: SyncFields, sent: SyncFields): Partial<SyncFields> {
  const changes: Partial<SyncFields> = {};
  for (const key of ['name', 'model_name', 'platform', 'status'] as const) {
    const value = sent[key];
    if (value !== null && value !== stored[key]) changes[key] = value;
  }
  return changes;
}
