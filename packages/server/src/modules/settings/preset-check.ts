// The preset_schemes setting checked field by field, so the settings form shows each problem on its own box
// (`preset_schemes.1.channels.0.name`): the registry schema's rules, plus no blank name and no name twice
// (a new app's schemes, and a scheme's channels, must differ, as POST /api/apps requires).
import { BLANK, fieldIssue, oneOf, tooLong } from '../../errors.ts';
import type { FieldErrors, FieldIssue } from '../../errors.ts';
import { checkRepeatedNames } from '../apps/fns.ts';
import { addError } from '../channels/fns.ts';
import { DEVICE_TYPES } from '../channels/schemas.ts';
import { PRESET_CHANNELS_MAX, PRESET_NAME_MAX, PRESET_SCHEMES_MAX } from './registry.ts';

export const PRESET_SCHEMES_KEY = 'preset_schemes';

const REQUIRED = fieldIssue('required', 'is required');
const NOT_AN_OBJECT = fieldIssue('type', 'must be a JSON object', { type: 'object' });
const NOT_A_LIST = fieldIssue('type', 'must be a list', { type: 'array' });
const tooMany = (max: number) => fieldIssue('too_many_items', `must have at most ${max} items`, { max });

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const missingOr = (value: unknown, issue: FieldIssue) => (value === undefined ? REQUIRED : issue);

function checkName(value: unknown, field: string, errors: FieldErrors): string | undefined {
  if (typeof value !== 'string') {
    addError(errors, field, missingOr(value, fieldIssue('type', 'must be a string', { type: 'string' })));
    return undefined;
  }
  if (value.trim() === '') addError(errors, field, BLANK);
  else if ([...value].length > PRESET_NAME_MAX) addError(errors, field, tooLong(PRESET_NAME_MAX));
  return value;
}

function checkFieldNames(item: Record<string, unknown>, known: readonly string[], field: string, errors: FieldErrors): void {
  for (const name of Object.keys(item)) {
    if (!known.includes(name)) addError(errors, field, fieldIssue('unknown_field', `has an unknown field "${name}"`, { field: name }));
  }
}

function checkChannels(value: unknown, prefix: string, errors: FieldErrors): { name: string | undefined }[] {
  if (!Array.isArray(value)) {
    addError(errors, prefix, missingOr(value, NOT_A_LIST));
    return [];
  }
  if (value.length > PRESET_CHANNELS_MAX) addError(errors, prefix, tooMany(PRESET_CHANNELS_MAX));
  return value.map((channel: unknown, j) => {
    const field = `${prefix}.${j}`;
    if (!isObject(channel)) {
      addError(errors, field, NOT_AN_OBJECT);
      return { name: undefined };
    }
    checkFieldNames(channel, ['name', 'device_type'], field, errors);
    const deviceType = channel.device_type;
    if (!(DEVICE_TYPES as readonly unknown[]).includes(deviceType)) {
      addError(errors, `${field}.device_type`, missingOr(deviceType, oneOf(DEVICE_TYPES, String(deviceType).slice(0, 40))));
    }
    return { name: checkName(channel.name, `${field}.name`, errors) };
  });
}

/** Every problem of a preset_schemes value, by field; empty when it is right. */
export function presetSchemesErrors(value: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!Array.isArray(value)) {
    addError(errors, PRESET_SCHEMES_KEY, NOT_A_LIST);
    return errors;
  }
  if (value.length > PRESET_SCHEMES_MAX) addError(errors, PRESET_SCHEMES_KEY, tooMany(PRESET_SCHEMES_MAX));
  const schemes = value.map((scheme: unknown, i) => {
    const field = `${PRESET_SCHEMES_KEY}.${i}`;
    if (!isObject(scheme)) {
      addError(errors, field, NOT_AN_OBJECT);
      return { name: undefined, channels: [] };
    }
    checkFieldNames(scheme, ['scheme', 'channels'], field, errors);
    return { name: checkName(scheme.scheme, `${field}.scheme`, errors), channels: checkChannels(scheme.channels, `${field}.channels`, errors) };
  });
  checkRepeatedNames(schemes, PRESET_SCHEMES_KEY, errors, 'scheme');
  return errors;
}
