// What enqueue accepts, on both engines: a job name, a JSON object payload, a dedupe key, a
// number of attempts and a time. Anything else is a ValidationError naming the field; nothing
// is stored.
import { ValidationError } from '../errors.ts';
import type { EnqueueOptions, JobPayload } from './types.ts';

const NAME = /^[A-Za-z0-9][\w.:-]{0,127}$/;
const MAX_PAYLOAD_CHARS = 64 * 1024;

export interface CheckedJob {
  payloadJson: string;
  runAt: Date | undefined;
  dedupeKey: string | undefined;
  maxAttempts: number;
}

export function checkJob(name: string, payload: JobPayload, options: EnqueueOptions, defaultAttempts: number): CheckedJob {
  const errors: Record<string, string[]> = {};
  if (typeof name !== 'string' || !NAME.test(name)) errors.name = ['must be 1 to 128 letters, digits, ".", ":", "_" or "-"'];
  let payloadJson = '';
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
    errors.payload = ['must be a JSON object'];
  } else {
    try {
      payloadJson = JSON.stringify(payload);
      if (payloadJson.length > MAX_PAYLOAD_CHARS) errors.payload = ['is too large (at most 64 KiB of JSON)'];
    } catch {
      errors.payload = ['must be a JSON object'];
    }
  }
  const runAt = options.runAt === undefined ? undefined : new Date(options.runAt);
  if (runAt && Number.isNaN(runAt.getTime())) errors.runAt = ['is not a time'];
  const { dedupeKey } = options;
  if (dedupeKey !== undefined && (typeof dedupeKey !== 'string' || dedupeKey.length < 1 || dedupeKey.length > 255)) {
    errors.dedupeKey = ['must be 1 to 255 characters'];
  }
  const maxAttempts = options.maxAttempts ?? defaultAttempts;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1 || maxAttempts > 100) errors.maxAttempts = ['must be a whole number from 1 to 100'];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { payloadJson, runAt, dedupeKey, maxAttempts };
}
