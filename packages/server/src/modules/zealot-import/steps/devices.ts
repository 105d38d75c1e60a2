// Zealot's devices → Tarmac's: the UDID in Apple's form, the name, and the model Apple's account
// gives (Zealot's `model`, e.g. "iPhone 12", is Tarmac's model_name; Tarmac's `product` is the
// identifier a device reports itself, which Zealot never stored). A device Zealot synced from an
// Apple key (platform, status or Apple's device id set) is a 'sync' device; one it only read from
// a build's provisioning profile is a 'profile' device. A UDID Tarmac has already is merged: the
// stored device is left as it is.
import { DEVICE_NAME_MAX } from '../../devices/answer.ts';
import { appleWord } from '../../devices/sync.ts';
import { canonicalUdid } from '../../devices/udid.ts';
import type { ImportContext, ImportStep } from '../context.ts';
import type { ZealotRow, ZealotValue } from '../source/types.ts';
import { text, timestamp } from './fns.ts';
import { eachRow, insertId, notes, record, settle, zealotMaxId } from './rows.ts';
import type { RowResult } from './rows.ts';

const MODEL_MAX = 255;

function optional(value: ZealotValue | undefined, max: number, label: string): { value: string | null; note?: string } {
  const raw = text(value)?.trim() ?? '';
  if (raw === '') return { value: null };
  if ([...raw].length > max) return { value: null, note: `${label} is longer than ${max} characters: dropped` };
  return { value: raw };
}

function word(value: ZealotValue | undefined, kind: 'platform' | 'status'): { value: string | null; note?: string } {
  const raw = text(value)?.trim() ?? '';
  if (raw === '') return { value: null };
  const read = appleWord(raw, kind);
  return read === undefined ? { value: null, note: `${kind} "${raw.slice(0, 32)}" is not Apple's word: dropped` } : { value: read };
}

async function importDevice(ctx: ImportContext, row: ZealotRow, id: string, zealotMax: number): Promise<RowResult> {
  const raw = text(row.udid)?.trim() ?? '';
  const udid = canonicalUdid(raw);
  if (udid === undefined) return settle(ctx, 'devices', id, { outcome: 'refused', reason: `UDID "${raw.slice(0, 64)}" is not one Apple uses` });
  const name = optional(row.name, DEVICE_NAME_MAX, 'name');
  const model = optional(row.model, MODEL_MAX, 'model');
  const platform = word(row.platform, 'platform');
  const status = word(row.status, 'status');
  const synced = platform.value !== null || status.value !== null || (text(row.device_id) ?? '') !== '';
  const created = timestamp(row.created_at) ?? ctx.now();
  return ctx.transaction(async (trx) => {
    const stored = await trx.selectFrom('devices').select('id').where('udid', '=', udid).executeTakeFirst();
    if (stored) return record(ctx, trx, 'devices', id, stored.id, { outcome: 'merged', reason: 'Tarmac has this UDID already: kept as it is' });
    const deviceId = await insertId(ctx, trx, 'devices', Number(id), zealotMax);
    const device = await trx.insertInto('devices').values({
      ...(deviceId === undefined ? {} : { id: deviceId }),
      udid, name: name.value, product: null, os_version: null, serial: null, imei: null, signer_fingerprint: null,
      source: synced ? 'sync' : 'profile', model_name: model.value, platform: platform.value, status: status.value,
      created_at: created, updated_at: timestamp(row.updated_at) ?? created,
    }).returning('id').executeTakeFirstOrThrow();
    return record(ctx, trx, 'devices', id, device.id, { outcome: 'imported', reason: notes(name.note, model.note, platform.note, status.note) });
  });
}

export const devicesStep: ImportStep = {
  tables: ['devices'],
  async run(ctx) {
    const max = await zealotMaxId(ctx, 'devices');
    await eachRow(ctx, 'devices', (row, id) => importDevice(ctx, row, id, max));
  },
};
