// Zealot's settings → Tarmac's settings, where Tarmac has one that means the same (steps/settings-map.ts
// names them and reshapes the values). Each value passes the settings module's own check, as a change
// in /admin/settings does: a value Tarmac refuses is skipped with the reason, never written. A setting
// Tarmac's environment holds (TARMAC_SITE_TITLE …) is kept, and one an administrator of this Tarmac has
// saved already is kept too; both are reported. Every other var is skipped with the reason.
import { ConflictError, ValidationError } from '../../../errors.ts';
import type { ImportContext, ImportStep } from '../context.ts';
import type { ZealotRow } from '../source/types.ts';
import { checkChange } from '../../settings/admin.ts';
import { settingMeta } from '../../settings/registry.ts';
import { createSettingsRepository } from '../../settings/repository.ts';
import { createSettingsService, settingChoices } from '../../settings/service.ts';
import type { SettingKey, SettingValue } from '../../settings/service.ts';
import { text } from './fns.ts';
import { settingDecision } from './settings-map.ts';
import { eachRow, record, settle } from './rows.ts';
import type { RowResult } from './rows.ts';

/** Why Tarmac refuses `value` for `key`, in a sentence; undefined when it takes it. */
function refusal(check: () => unknown, key: SettingKey): string | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    if (error instanceof ValidationError) {
      const first = error.details[key]?.[0];
      const choices = settingChoices[key];
      const problem = choices ? `is not one of ${choices.join(', ')}` : typeof first === 'string' ? first : (first?.message ?? 'is not valid');
      return `Tarmac's ${key} refuses Zealot's value: it ${problem}`;
    }
    if (error instanceof ConflictError) return `Tarmac's ${key} refuses it: ${error.message}`;
    throw error;
  }
}

const shown = (value: unknown) => {
  const json = JSON.stringify(value);
  return json.length > 200 ? `${json.slice(0, 200)}…` : json;
};

async function importSetting(ctx: ImportContext, row: ZealotRow, id: string): Promise<RowResult> {
  const name = text(row.var)?.slice(0, 100) ?? '';
  const decision = settingDecision(name, row.value);
  if (decision.action === 'skip') return settle(ctx, 'settings', id, { outcome: 'skipped', reason: `${name}: ${decision.reason}` });
  if (decision.action === 'refuse') return settle(ctx, 'settings', id, { outcome: 'refused', reason: decision.reason });
  const { key, value } = decision;
  return ctx.transaction(async (trx) => {
    const settingsRepository = createSettingsRepository(trx);
    const fromEnvironment = ctx.options.settingsFromEnvironment ?? {};
    const clock = { now: () => ctx.now(), nowMs: () => Date.parse(ctx.now()) };
    const settings = createSettingsService({ settingsRepository, clock, fromEnvironment });
    const skip = (reason: string) => record(ctx, trx, 'settings', id, null, { outcome: 'skipped', reason: `${name}: ${reason}` });
    if (settings.heldByEnvironment(key)) {
      const variable = settingMeta(key, undefined).env ?? 'an environment variable';
      return skip(`Tarmac's ${key} is set by ${variable} in its environment: kept as it is, not imported`);
    }
    if ((await settings.source(key)) === 'saved') return skip(`Tarmac's ${key} is set already: kept as it is`);
    const problem = refusal(() => checkChange(settings, { [key]: value }), key);
    if (problem) return skip(problem);
    await settings.set(key, value as SettingValue<typeof key>);
    return record(ctx, trx, 'settings', id, null, { outcome: 'imported', reason: `${name} → ${key} = ${shown(value)}` });
  });
}

export const settingsStep: ImportStep = {
  tables: ['settings'],
  run: (ctx) => eachRow(ctx, 'settings', (row, id) => importSetting(ctx, row, id)),
};
