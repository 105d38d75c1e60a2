// A list screen's state kept in the URL, so any view can be shared or bookmarked: the search (?q=,
// written once typing pauses, back to the first page), the page (?page=) and any filter the
// screen adds. The search box follows the URL too (the back button, a shared link).
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

const SEARCH_PAUSE_MS = 300;

export interface ListParams {
  params: URLSearchParams;
  /** The search in the URL, trimmed. */
  q: string;
  /** The page in the URL, 1 when absent or not a number. */
  page: number;
  /** What the search box shows (it reaches `q` once typing pauses). */
  search: string;
  setSearch: (value: string) => void;
  /** Sets URL parameters; an empty or undefined value removes one. `push` adds a history entry. */
  setParam: (changes: Record<string, string | undefined>, options?: { push?: boolean }) => void;
  /** Empties the search box and removes ?q=, ?page= and the named filters. */
  clear: (filters?: string[]) => void;
}

export function useListParams(): ListParams {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [search, setSearch] = useState(q);
  const [debounced] = useDebouncedValue(search, SEARCH_PAUSE_MS);

  function setParam(changes: Record<string, string | undefined>, options: { push?: boolean } = {}) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: !options.push },
    );
  }

  // The URL changed elsewhere (back button, a link): the box follows.
  useEffect(() => {
    if (q !== debounced.trim()) setSearch(q);
  }, [q]);
  // Typing paused: the URL follows the box.
  useEffect(() => {
    if (debounced.trim() !== q) setParam({ q: debounced.trim(), page: undefined });
  }, [debounced]);

  function clear(filters: string[] = []) {
    setSearch('');
    setParam({ q: undefined, page: undefined, ...Object.fromEntries(filters.map((name) => [name, undefined])) });
  }

  return { params, q, page, search, setSearch, setParam, clear };
}
