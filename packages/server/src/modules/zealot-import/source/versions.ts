// Which Zealot a database is, from its `schema_migrations` versions (Rails records each migration
// it ran). The markers are the first migration each major release added, read from
// tryzealot/zealot's db/migrate at every tag (4.0.0 … 6.2.0):
//   4.0.0 final adds 20201216070418 create_metadata (betas and rc1 stop before it);
//   5.0.0 adds 20230306061106 optional_release_version_and_bundle_id (4.7.1 ends at 20230221084553);
//   6.0.0 adds 20241127060125 add_native_codes_to_metadata (5.3.7 ends at 20240707040749).
// The newest known is 20251218081921 add_theme_to_user (after 6.2.0, on main): a newer one is
// reported, not refused, since the importer reads whatever columns there are.
import { CORE_TABLES, ZealotSourceError, type ZealotMajor, type ZealotVersion } from './types.ts';

export const MIGRATION_MARKERS: ReadonlyArray<{ major: ZealotMajor; version: string }> = [
  { major: 6, version: '20241127060125' },
  { major: 5, version: '20230306061106' },
  { major: 4, version: '20201216070418' },
];

export const NEWEST_KNOWN_MIGRATION = '20251218081921';

/** Refuses a database missing one of Zealot's core tables, naming those it lacks. */
export function checkCoreTables(tables: ReadonlySet<string>): void {
  const missing = CORE_TABLES.filter((table) => !tables.has(table));
  if (missing.length > 0) {
    throw new ZealotSourceError('not_zealot', `This is not a Zealot database: it has no table ${missing.join(', ')}`);
  }
}

/** The Zealot generation these migration versions make; refuses a set that is not Zealot's 4.0 or later. */
export function detectVersion(versions: readonly string[]): ZealotVersion {
  const ran = new Set(versions.map((version) => version.trim()));
  if (!ran.has('20140926021348')) {
    throw new ZealotSourceError(
      'not_zealot',
      "This is not a Zealot database: schema_migrations lacks Zealot's first migration 20140926021348 (create_users)",
    );
  }
  const marker = MIGRATION_MARKERS.find(({ version }) => ran.has(version));
  if (!marker) {
    throw new ZealotSourceError(
      'version_unknown',
      'This Zealot is older than 4.0 (schema_migrations lacks 20201216070418, create_metadata): upgrade it to 4.x or later first',
    );
  }
  const sorted = [...ran].filter((version) => /^\d{14}$/.test(version)).sort();
  return {
    major: marker.major,
    latestMigration: sorted.at(-1)!,
    unknownMigrations: sorted.filter((version) => version > NEWEST_KNOWN_MIGRATION),
  };
}
