// Converting PostgreSQL's text form of a value to what the importer reads, by the column's
// declared type. Both sources come through here: a backup's COPY fields are text, and the live
// source asks pg for every value as text (postgres.ts), so one set of rules serves both.
//   integer, smallint, bigint, numeric, real, double → number (a bigint past 2^53 stays a string)
//   boolean → true/false; json, jsonb → parsed; X[] → an array of X
//   timestamp (with or without time zone) → ISO 8601 in UTC (Rails writes UTC; no zone means UTC)
//   everything else (character varying, text, enums such as metadata_platform, inet…) → the string
import type { ZealotValue } from './types.ts';

export type Converter = (text: string) => ZealotValue;

const NUMBER_TYPES = /^(integer|smallint|bigint|int[248]?|numeric|decimal|real|double precision|float[48]?)\b/;

function toNumber(text: string): ZealotValue {
  const value = Number(text);
  if (!Number.isFinite(value)) return text;
  return Number.isSafeInteger(value) || !/^-?\d+$/.test(text) ? value : text;
}

function toBoolean(text: string): ZealotValue {
  return text === 't' || text === 'true';
}

function toJson(text: string): ZealotValue {
  try {
    return JSON.parse(text) as ZealotValue;
  } catch {
    return text;
  }
}

function toTimestamp(text: string): ZealotValue {
  // PostgreSQL writes a zone as `+08` or `+05:30`; JavaScript wants `+08:00`.
  const zone = /([+-]\d{2})(?::?(\d{2}))?$/.exec(text.slice(19));
  const local = text.replace(' ', 'T');
  const iso = zone ? `${local.slice(0, local.length - zone[0].length)}${zone[1]}:${zone[2] ?? '00'}` : `${local}Z`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

function toText(text: string): ZealotValue {
  return text;
}

/** The converter for a declared type (`timestamp(6) without time zone`, `integer[]`, `public.metadata_platform`…). */
export function converterFor(type: string): Converter {
  const normalized = type.trim().toLowerCase();
  if (normalized.endsWith('[]')) {
    const element = converterFor(normalized.slice(0, -2));
    return (text) => parseArray(text, element);
  }
  if (NUMBER_TYPES.test(normalized)) return toNumber;
  if (normalized === 'boolean' || normalized === 'bool') return toBoolean;
  if (normalized === 'json' || normalized === 'jsonb') return toJson;
  if (normalized.startsWith('timestamp')) return toTimestamp;
  return toText;
}

/** A value in its text form, or null for SQL NULL. */
export function convertValue(text: string | null, type: string): ZealotValue {
  return text === null ? null : converterFor(type)(text);
}

/**
 * PostgreSQL's array literal (`{1,2}`, `{"a b","c\"d",NULL}`, `{{1,2},{3,4}}`), its elements
 * converted. Unquoted NULL is null; quoted elements take backslash escapes.
 */
export function parseArray(text: string, element: Converter): ZealotValue {
  let at = 0;
  const parseLevel = (): ZealotValue[] => {
    const items: ZealotValue[] = [];
    at++; // '{'
    while (at < text.length && text[at] !== '}') {
      if (text[at] === ',') at++;
      else if (text[at] === '{') items.push(parseLevel());
      else if (text[at] === '"') items.push(element(quoted()));
      else items.push(bare());
    }
    at++; // '}'
    return items;
  };
  const quoted = (): string => {
    let out = '';
    at++;
    while (at < text.length && text[at] !== '"') {
      if (text[at] === '\\') at++;
      out += text[at] ?? '';
      at++;
    }
    at++;
    return out;
  };
  const bare = (): ZealotValue => {
    const start = at;
    while (at < text.length && text[at] !== ',' && text[at] !== '}') at++;
    const raw = text.slice(start, at).trim();
    return raw.toUpperCase() === 'NULL' ? null : element(raw);
  };
  // A lower bound prefix such as `[0:1]=` is rare (Rails never writes one): skip it.
  const brace = text.indexOf('{');
  if (brace < 0) return text;
  at = brace;
  return parseLevel();
}
