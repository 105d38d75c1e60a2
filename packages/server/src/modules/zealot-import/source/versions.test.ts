import { describe, expect, it } from 'vitest';
import { checkCoreTables, detectVersion } from './versions.ts';

const BASE = ['20140926021348', '20150210090159', '20201216070418'];

describe('Zealot version detection', () => {
  it('tells 4.x, 5.x and 6.x apart by their first migrations', () => {
    expect(detectVersion([...BASE, '20230221084553'])).toEqual({ major: 4, latestMigration: '20230221084553', unknownMigrations: [] });
    expect(detectVersion([...BASE, '20230306061106', '20240707040749']).major).toBe(5);
    expect(detectVersion([...BASE, '20230306061106', '20241127060125', '20251218081921'])).toEqual({
      major: 6,
      latestMigration: '20251218081921',
      unknownMigrations: [],
    });
  });

  it('reports migrations newer than the newest known Zealot', () => {
    expect(detectVersion([...BASE, '20230306061106', '20241127060125', '20270101000000']).unknownMigrations).toEqual(['20270101000000']);
  });

  it('refuses a Zealot before 4.0, and migrations that are not Zealot\'s', () => {
    expect(() => detectVersion(['20140926021348', '20191220112323'])).toThrow(/older than 4\.0.*20201216070418/);
    expect(() => detectVersion(['20200101000000'])).toThrow(/not a Zealot database.*20140926021348/);
  });

  it('refuses a database without the core tables, naming them', () => {
    expect(() => checkCoreTables(new Set(['users', 'apps', 'schemes']))).toThrow(/no table schema_migrations, channels, releases/);
    expect(() => checkCoreTables(new Set(['schema_migrations', 'users', 'apps', 'schemes', 'channels', 'releases']))).not.toThrow();
  });
});
