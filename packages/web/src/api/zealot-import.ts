// Administrators: what `tarmac import zealot` did (/api/admin/zealot-import), per Zealot table, and
// the rows it did not simply import (merged, skipped, refused, or imported with a detail).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { answer, answerPage, api } from './client.ts';
import type { JsonAnswer, Schemas } from './client.ts';

export type ImportSummary = JsonAnswer<'/api/admin/zealot-import', 'get'>;
export type ImportTableCounts = Schemas['ZealotImportTableCounts'];
export type ImportRow = Schemas['ZealotImportRow'];
export type ImportOutcome = ImportRow['outcome'];

export const IMPORT_OUTCOMES: readonly ImportOutcome[] = ['imported', 'merged', 'skipped', 'refused'];
export const IMPORT_ROWS_PER_PAGE = 25;

export const zealotImportKey = ['admin', 'zealot-import'] as const;

export interface ImportRowFilter {
  outcome: ImportOutcome | '';
  table: string;
  page: number;
}

export function useImportSummary() {
  return useQuery({ queryKey: [...zealotImportKey, 'summary'], queryFn: () => answer(api.GET('/api/admin/zealot-import')) });
}

export function useImportRows(filter: ImportRowFilter) {
  return useQuery({
    queryKey: [...zealotImportKey, 'rows', filter],
    queryFn: () => {
      const { outcome, table, page } = filter;
      const query = { outcome: outcome || undefined, table: table || undefined, page };
      return answerPage(api.GET('/api/admin/zealot-import/rows', { params: { query } }), filter.page, IMPORT_ROWS_PER_PAGE);
    },
    placeholderData: keepPreviousData,
  });
}
