// Zealot's settings (one row per `var`, the value as YAML text) → Tarmac's settings, where Tarmac has
// a setting that means the same: registrations_enabled → registration_enabled. A Tarmac in use that
// has set its own value keeps it (reported). Every other var is skipped with the reason (an
// environment variable to set, or no Tarmac equivalent); values that may hold credentials (sign-in
// providers, mail) are never echoed.
import type { ImportContext, ImportStep } from '../context.ts';
import type { ZealotRow } from '../source/types.ts';
import { createSettingsRepository } from '../../settings/repository.ts';
import type { settingDefaults } from '../../settings/service.ts';
import { settingDecision, text } from './fns.ts';
import { eachRow, record, settle } from './rows.ts';
import type { RowResult } from './rows.ts';

async function importSetting(ctx: ImportContext, row: ZealotRow, id: string): Promise<RowResult> {
  const name = text(row.var)?.slice(0, 100) ?? '';
  const decision = settingDecision(name, row.value);
  if (decision.action === 'skip') return settle(ctx, 'settings', id, { outcome: 'skipped', reason: `${name}: ${decision.reason}` });
  if (decision.action === 'refuse') return settle(ctx, 'settings', id, { outcome: 'refused', reason: decision.reason });
  const { key, value } = decision;
  return ctx.transaction(async (trx) => {
    const settings = createSettingsRepository(trx);
    if ((await settings.get(key, trx)) !== undefined) {
      return record(ctx, trx, 'settings', id, null, { outcome: 'skipped', reason: `${name}: Tarmac's ${key} is set already: kept as it is` });
    }
    await settings.set(key, JSON.stringify(value satisfies (typeof settingDefaults)[typeof key]), ctx.now(), trx);
    return record(ctx, trx, 'settings', id, null, { outcome: 'imported', reason: `${name} → ${key} = ${value}` });
  });
}

export const settingsStep: ImportStep = {
  tables: ['settings'],
  run: (ctx) => eachRow(ctx, 'settings', (row, id) => importSetting(ctx, row, id)),
};
