// The one way the web app talks to Tarmac: the documented /api endpoints, with the session
// cookie and, on every state-changing request, the X-CSRF-Token header from GET /api/session.
// Errors arrive as ApiError with the server's sentence (and 422 field details).

export class ApiError extends Error {
  readonly status: number;
  readonly details: Record<string, string[]> | undefined;
  constructor(status: number, message: string, details?: Record<string, string[]>) {
    super(message);
    this.status = status;
    this.details = details;
  }
}

let csrfToken: string | undefined;

/** Set after sign-in and from GET /api/session; cleared at sign-out. */
export function setCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: unknown;
  body?: FormData;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  perPage: number;
  totalPages: number;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `/api${path}${search ? `?${search}` : ''}`;
}

async function send(path: string, options: RequestOptions = {}): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.body) {
    body = options.body;
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), { method, headers, body, credentials: 'same-origin', signal: options.signal ?? null });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'Tarmac cannot be reached: check your connection.');
  }
  if (!response.ok) throw await toError(response);
  return response;
}

export async function toError(response: Response): Promise<ApiError> {
  let message = `${response.status} ${response.statusText}`;
  let details: Record<string, string[]> | undefined;
  try {
    const data = (await response.json()) as { error?: unknown; details?: Record<string, string[]> };
    if (typeof data.error === 'string') message = data.error;
    if (data.details && typeof data.details === 'object') details = data.details;
  } catch {
    // not JSON: keep the status line
  }
  return new ApiError(response.status, message, details);
}

export async function request<T>(path: string, options?: RequestOptions): Promise<T> {
  const response = await send(path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** A paginated list: the array body plus the X-Total-Count / X-Total-Pages headers. */
export async function requestPage<T>(path: string, options: RequestOptions & { page: number; perPage: number }): Promise<Page<T>> {
  const response = await send(path, { ...options, query: { ...options.query, page: options.page, per_page: options.perPage } });
  const items = (await response.json()) as T[];
  const total = Number(response.headers.get('x-total-count') ?? items.length);
  const totalPages = Number(response.headers.get('x-total-pages') ?? Math.max(1, Math.ceil(total / options.perPage)));
  return { items, total, page: options.page, perPage: options.perPage, totalPages };
}

/** The field's messages from a 422, joined, or undefined. */
export function fieldError(error: unknown, field: string): string | undefined {
  if (error instanceof ApiError && error.details?.[field]) return error.details[field].join('; ');
  return undefined;
}

export interface UploadProgress {
  /** Bytes of the request body sent so far, and its whole size (the file plus a little form framing). */
  loaded: number;
  total: number;
}

export interface UploadHandle<T> {
  promise: Promise<T>;
  /** Stops the transfer; the promise then rejects with an AbortError. */
  abort: () => void;
}

/**
 * Posts a multipart form with XMLHttpRequest, the one browser API that reports upload
 * progress, with the session cookie and the CSRF header. Put the small fields before the file:
 * the server then checks the caller before it stores a byte. Rejects with ApiError carrying the
 * server's sentence (422 with details, 409, 413 …), ApiError(0, offlineMessage) when the
 * connection failed, or an AbortError after abort().
 */
export function uploadForm<T>(path: string, form: FormData, onProgress: (progress: UploadProgress) => void, offlineMessage: string): UploadHandle<T> {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<T>((resolve, reject) => {
    xhr.open('POST', `/api${path}`);
    xhr.responseType = 'text';
    xhr.setRequestHeader('accept', 'application/json');
    if (csrfToken) xhr.setRequestHeader('x-csrf-token', csrfToken);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && data) {
        resolve(data as T);
        return;
      }
      const body = (data ?? {}) as { error?: unknown; details?: Record<string, string[]> };
      reject(new ApiError(xhr.status, typeof body.error === 'string' ? body.error : `${xhr.status} ${xhr.statusText}`, body.details));
    };
    xhr.onerror = () => reject(new ApiError(0, offlineMessage));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
