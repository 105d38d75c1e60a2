// Zealot tables with nothing Tarmac can hold: each row is reported skipped with the reason (and kept
// in the import map, so a second run reports it 'already'), so the report accounts for every table.
// Their values are never echoed: Apple keys hold credentials.
import type { ImportContext, ImportStep } from '../context.ts';
import type { ZealotRow } from '../source/types.ts';
import { eachRow, settle } from './rows.ts';

const APPLE_KEYS = 'Apple developer API keys are not imported (they hold a private key): Tarmac\'s devices are synced by fastlane\'s '
  + 'zealot_sync_devices (PUT /api/devices/{udid}) or registered through /udid';

const REASONS: Record<string, (row: ZealotRow) => string> = {
  apple_keys: () => APPLE_KEYS,
  apple_teams: () => APPLE_KEYS,
  apple_keys_devices: () => APPLE_KEYS,
  backups: () => 'Zealot\'s backup schedules have no Tarmac equivalent: back up Tarmac\'s database and storage',
};

async function skipTable(ctx: ImportContext, table: string, reason: (row: ZealotRow) => string): Promise<void> {
  if ((await ctx.source.columns(table)).length === 0) return;
  await eachRow(ctx, table, (row, id) => settle(ctx, table, id, { outcome: 'skipped', reason: reason(row) }));
}

export const skippedStep: ImportStep = {
  tables: Object.keys(REASONS),
  async run(ctx) {
    for (const [table, reason] of Object.entries(REASONS)) await skipTable(ctx, table, reason);
    // Which devices a build lists: Tarmac reads it from the build's provisioning profile (read again
    // from each imported file), so the links are not copied; one line says so, not one per link.
    const links = await ctx.source.count('devices_releases');
    if (links > 0) {
      ctx.report.warn(`devices_releases: ${links} links of devices to builds are not copied: Tarmac lists a build's devices from `
        + 'the provisioning profile inside the build, read again from each imported file');
    }
  },
};
