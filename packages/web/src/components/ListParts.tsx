// The parts every list screen shares: the body chosen from the query's state (loading, error,
// empty, the items), the empty page past the end, and the pager with names a screen reader reads.
import { Button, Group, Pagination } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, PageLoader } from './PageState.tsx';

/** What a list query gives (a TanStack `useQuery` result fits). */
export interface ListQuery<T> {
  isPending: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/** A loader, the error with a retry, `empty` when `isEmpty(data)`, else `children(data)`. */
export function QueryBody<T>(props: {
  query: ListQuery<T>;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { query, isEmpty, empty, children } = props;
  if (query.isPending) return <PageLoader />;
  if (query.error || query.data === undefined) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}

/** A page past the list's end (the list has items, this page none): a way back to the first. */
export function PastEndState({ page, onFirstPage }: { page: number; onFirstPage: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      title={t('common.list.past_end', { page })}
      action={
        <Button variant="light" onClick={onFirstPage}>
          {t('common.list.first_page')}
        </Button>
      }
    />
  );
}

/** A search (or filter) that found nothing: why, and a button clearing it. */
export function NoMatchState(props: { title: string; description?: string; onClear: () => void; clearLabel?: string }) {
  const { title, description, onClear, clearLabel } = props;
  const { t } = useTranslation();
  return (
    <EmptyState
      title={title}
      description={description}
      action={
        <Button variant="light" onClick={onClear}>
          {clearLabel ?? t('common.list.clear_search')}
        </Button>
      }
    />
  );
}

/** The pager, centred, when there is more than one page; each control is named in the reader's language. */
export function ListPagination(props: { totalPages: number; page: number; onChange: (page: number) => void; aside?: ReactNode }) {
  const { totalPages, page, onChange, aside } = props;
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <Group justify={aside ? 'space-between' : 'center'} wrap="wrap">
      {aside}
      <Pagination
        total={totalPages}
        value={Math.min(page, totalPages)}
        onChange={onChange}
        getControlProps={(control) => ({ 'aria-label': t(`common.pagination.${control}`) })}
        getItemProps={(value) => ({ 'aria-label': t('common.pagination.page', { page: value }) })}
      />
    </Group>
  );
}
