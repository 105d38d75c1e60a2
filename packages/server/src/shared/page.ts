// One page of a list, as services answer it; routes turn it into a JSON array and the
// pagination headers (src/http/pagination.ts).
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  perPage: number;
}
