// The import's account of itself: per Zealot table how many rows were imported, merged into an
// existing Tarmac row, skipped (already imported by an earlier run, or nothing to bring) or
// refused, and one line per row that was not simply imported, saying why. A dry run fills the
// same report with what would happen.
import type { MapOutcome } from './map.ts';

export type RowOutcome = MapOutcome | 'already';

export interface TableCounts {
  total: number;
  imported: number;
  merged: number;
  skipped: number;
  refused: number;
  /** Handled by an earlier run: left as it is. */
  already: number;
}

export interface ReportLine {
  table: string;
  /** The Zealot row's id ("a:b" for a join row). */
  id: string;
  outcome: MapOutcome;
  reason: string;
}

export interface FileCounts {
  copied: number;
  /** Already in Tarmac's storage with the right checksum (an earlier, interrupted run). */
  present: number;
  missing: number;
  bytes: number;
}

export function createImportReport() {
  const tables = new Map<string, TableCounts>();
  const lines: ReportLine[] = [];
  const files: FileCounts = { copied: 0, present: 0, missing: 0, bytes: 0 };
  const warnings: string[] = [];
  const counts = (table: string): TableCounts => {
    let entry = tables.get(table);
    if (!entry) tables.set(table, (entry = { total: 0, imported: 0, merged: 0, skipped: 0, refused: 0, already: 0 }));
    return entry;
  };
  return {
    tables,
    lines,
    files,
    warnings,
    /** Sets a table's row count before its step runs (progress shows n/total). */
    expect(table: string, total: number): void {
      counts(table).total = total;
    },
    /** Counts one row; anything but a plain import or an earlier run's row also gets a line. */
    row(table: string, id: number | string, outcome: RowOutcome, reason?: string): void {
      counts(table)[outcome] += 1;
      if (outcome !== 'imported' && outcome !== 'already' && reason) lines.push({ table, id: String(id), outcome, reason });
      else if (outcome === 'imported' && reason) lines.push({ table, id: String(id), outcome, reason });
    },
    warn(message: string): void {
      warnings.push(message);
    },
    counts,
  };
}

export type ImportReport = ReturnType<typeof createImportReport>;
