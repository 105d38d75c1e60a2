// What `tarmac import zealot` did, for global administrators: per Zealot table how many rows were
// imported, merged, skipped or refused, and the rows that were not simply imported, each with the
// web app's path of what it became. Read from the import map (table zealot_import_map), which
// every run fills in the same transaction as the rows it writes.
import type { Static } from 'typebox';
import { can, forbidden } from '../../auth/policy.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Page } from '../../shared/page.ts';
import { collaboratorAppId, linkFor, linkIds } from './fns.ts';
import type { ImportMapRow, ImportRowFilter, ZealotImportRepository } from './repository.ts';
import type { ZealotImportSummary, ZealotImportTableCounts } from './schemas.ts';

interface Deps {
  zealotImportRepository: ZealotImportRepository;
}

type TableCounts = Static<typeof ZealotImportTableCounts>;
export type ImportSummary = Static<typeof ZealotImportSummary>;

export type LinkedImportRow = ImportMapRow & { link: string | null };

export function createZealotImportService({ zealotImportRepository: repository }: Deps) {
  function assertCanRead(actor: Actor): void {
    if (!can(actor, 'zealot_import:read')) throw forbidden('zealot_import:read');
  }

  return {
    assertCanRead,

    async summary(actor: Actor): Promise<ImportSummary> {
      assertCanRead(actor);
      const [counts, span] = await Promise.all([repository.counts(), repository.span()]);
      const tables = new Map<string, TableCounts>();
      for (const { table, outcome, rows, noted } of counts) {
        let entry = tables.get(table);
        if (!entry) tables.set(table, (entry = { table, total: 0, imported: 0, merged: 0, skipped: 0, refused: 0, noted: 0 }));
        entry[outcome] += rows;
        entry.total += rows;
        entry.noted += noted;
      }
      const list = [...tables.values()].sort((a, b) => (a.table < b.table ? -1 : a.table > b.table ? 1 : 0));
      const total = list.reduce((sum, entry) => sum + entry.total, 0);
      return { imported: total > 0, first_at: span.first, last_at: span.last, total, tables: list };
    },

    async rows(actor: Actor, filter: ImportRowFilter, page: number, perPage: number): Promise<Page<LinkedImportRow>> {
      assertCanRead(actor);
      const [rows, total] = await Promise.all([repository.list(filter, perPage, (page - 1) * perPage), repository.count(filter)]);
      const collaboratorIds = [...new Set(rows.flatMap((row) => collaboratorAppId(row) ?? []))];
      const collaboratorApps = await repository.targets('apps', collaboratorIds);
      const targets = await repository.linkTargets(linkIds(rows, collaboratorApps));
      return { items: rows.map((row) => ({ ...row, link: linkFor(row, targets, collaboratorApps) })), total, page, perPage };
    },
  };
}

export type ZealotImportService = ReturnType<typeof createZealotImportService>;
