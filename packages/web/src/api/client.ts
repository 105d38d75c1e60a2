// The one way the web app talks to Tarmac: openapi-fetch over the types generated from the
// server's OpenAPI document (schema.d.ts, written by `npm run api`), with the session cookie and,
// on every state-changing request, the X-CSRF-Token header from GET /api/session. Errors arrive as
// ApiError with the server's sentence, its code and params (and 422 field details and codes);
// api/error-text.ts turns them into the user's language. Uploads use XMLHttpRequest for its
// progress events, typed from the same document.
import createClient from 'openapi-fetch';
import type { Middleware } from 'openapi-fetch';
import type { components, paths } from './schema.d.ts';

/** The shapes the server's document names (components.schemas). */
export type Schemas = components['schemas'];
type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
type SuccessStatus = 200 | 201 | 202;
type JsonContent<R> = R extends { content: { 'application/json': infer T } } ? T : never;
/** The JSON a successful `method path` answers, from the document. */
export type JsonAnswer<P extends keyof paths, M extends Method & keyof paths[P]> = paths[P][M] extends { responses: infer R }
  ? { [S in keyof R & SuccessStatus]: JsonContent<R[S]> }[keyof R & SuccessStatus]
  : never;
/** The JSON body `method path` takes, from the document. */
export type JsonBody<P extends keyof paths, M extends Method & keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;
/** The query `method path` takes, from the document. */
export type QueryOf<P extends keyof paths, M extends Method & keyof paths[P]> = paths[P][M] extends { parameters: { query?: infer Q } }
  ? NonNullable<Q>
  : never;

/** The multipart fields `POST path` takes besides the file (and the token, which the web app never sends). */
export type FormFields<P extends UploadPath> = paths[P]['post'] extends { requestBody: { content: { 'multipart/form-data': infer F } } }
  ? Omit<F, 'file' | 'token'>
  : never;
/** true when A and B are the same union: a list the UI keeps must name every value the document allows, and no other. */
export type SameValues<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** One problem with one field, as the server names it (`fields.<name>[i]`; `details.<name>[i]` is its sentence). */
export interface FieldProblem {
  code: string;
  params?: Record<string, string | number>;
}

/** What an error answer carries besides its sentence (packages/server/src/error-codes.ts lists the codes). */
export interface ErrorCodes {
  code?: string | undefined;
  params?: Record<string, string | number> | undefined;
  fields?: Record<string, FieldProblem[]> | undefined;
}

export class ApiError extends Error {
  readonly status: number;
  /** The server's English sentences per field (422), or the form's own translated ones. */
  readonly details: Record<string, string[]> | undefined;
  /** The stable code (e.g. "app.not_found"); undefined for a refusal that did not come from Tarmac. */
  readonly code: string | undefined;
  readonly params: Record<string, string | number>;
  /** Per field, the codes of `details` (same order). */
  readonly fields: Record<string, FieldProblem[]> | undefined;
  constructor(status: number, message: string, details?: Record<string, string[]>, codes: ErrorCodes = {}) {
    super(message);
    this.status = status;
    this.details = details;
    this.code = codes.code;
    this.params = codes.params ?? {};
    this.fields = codes.fields;
  }
}

/** The code, params and field codes of an error body, when they have the expected shapes. */
export function errorCodes(data: { code?: unknown; params?: unknown; fields?: unknown }): ErrorCodes {
  const object = (value: unknown) => (value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined);
  return {
    code: typeof data.code === 'string' ? data.code : undefined,
    params: object(data.params) as ErrorCodes['params'],
    fields: object(data.fields) as ErrorCodes['fields'],
  };
}

let csrfToken: string | undefined;

/** Set after sign-in and from GET /api/session; cleared at sign-out. */
export function setCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  perPage: number;
  totalPages: number;
}

/** Query fields with a value: an empty, null or undefined field is left out, as the screens expect. */
function querySerializer(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    // A list (a repeatable filter) is the parameter once per value.
    if (Array.isArray(value)) for (const item of value) if (typeof item === 'string' && item !== '') params.append(key, item);
    if (typeof value === 'string' ? value !== '' : typeof value === 'number' || typeof value === 'boolean') params.set(key, String(value));
  }
  return params.toString();
}

let beforeError: () => Promise<void> = () => Promise.resolve();

/**
 * What must be ready before a refusal reaches a screen: the sentences that translate its code,
 * which a signed-out screen loads only when it meets one (main.tsx registers i18n's loader).
 */
export function prepareErrorsWith(prepare: () => Promise<void>): void {
  beforeError = prepare;
}

export async function toError(response: Response): Promise<ApiError> {
  let message = `${response.status} ${response.statusText}`;
  let details: Record<string, string[]> | undefined;
  let codes: ErrorCodes = {};
  try {
    const data = (await response.json()) as { error?: unknown; details?: Record<string, string[]>; code?: unknown };
    if (typeof data.error === 'string') message = data.error;
    if (data.details && typeof data.details === 'object') details = data.details;
    codes = errorCodes(data);
  } catch {
    // not JSON: keep the status line
  }
  await beforeError();
  return new ApiError(response.status, message, details, codes);
}

/** The CSRF header on every state-changing request; refusals become ApiError; no connection is ApiError(0). */
const tarmacMiddleware: Middleware = {
  onRequest({ request }) {
    if (request.method !== 'GET' && csrfToken) request.headers.set('x-csrf-token', csrfToken);
    return request;
  },
  async onResponse({ response }) {
    if (!response.ok) throw await toError(response);
    return undefined;
  },
  async onError({ error }) {
    if (error instanceof Error && error.name === 'AbortError') return error;
    await beforeError();
    return new ApiError(0, 'Tarmac cannot be reached: check your connection.', undefined, { code: 'offline' });
  },
};

/** The API client: paths, parameters, bodies and answers as the server's document states them. */
export const api = createClient<paths>({
  baseUrl: '',
  credentials: 'same-origin',
  headers: { accept: 'application/json' },
  querySerializer,
});
api.use(tarmacMiddleware);

interface Answered {
  data?: unknown;
  response: Response;
}

/** The answer's JSON (a refusal has already thrown ApiError in the middleware). */
export async function answer<R extends Answered>(call: Promise<R>): Promise<NonNullable<R['data']>> {
  const { data } = await call;
  return data as NonNullable<R['data']>;
}

/** A paginated list: the array body plus the X-Total-Count / X-Total-Pages headers. */
export async function answerPage<R extends Answered>(
  call: Promise<R>,
  page: number,
  perPage: number,
): Promise<Page<NonNullable<R['data']> extends (infer T)[] ? T : never>> {
  const { data, response } = await call;
  const items = data as (NonNullable<R['data']> extends (infer T)[] ? T : never)[];
  const total = Number(response.headers.get('x-total-count') ?? items.length);
  // The server says the page size it used (the site's per_page setting when the request named none).
  const used = Number(response.headers.get('x-per-page')) || perPage;
  const totalPages = Number(response.headers.get('x-total-pages') ?? Math.max(1, Math.ceil(total / used)));
  return { items, total, page, perPage: used, totalPages };
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

/** The routes that take a file, posted as multipart forms. */
export type UploadPath = '/api/apps/upload' | '/api/debug_files/upload' | '/api/teardown' | '/api/admin/restores/upload';

/**
 * Posts a multipart form with XMLHttpRequest, the one browser API that reports upload
 * progress, with the session cookie and the CSRF header. Put the small fields before the file:
 * the server then checks the caller before it stores a byte. Resolves with the answer the
 * document states for `path`; rejects with ApiError carrying the server's sentence (422 with
 * details, 409, 413 …), ApiError(0, offlineMessage) when the connection failed, or an
 * AbortError after abort().
 */
export function uploadForm<P extends UploadPath>(
  path: P,
  form: FormData,
  onProgress: (progress: UploadProgress) => void,
  offlineMessage: string,
): UploadHandle<JsonAnswer<P, 'post'>> {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<JsonAnswer<P, 'post'>>((resolve, reject) => {
    xhr.open('POST', path);
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
        resolve(data as JsonAnswer<P, 'post'>);
        return;
      }
      const body = (data ?? {}) as { error?: unknown; details?: Record<string, string[]>; code?: unknown };
      const message = typeof body.error === 'string' ? body.error : `${xhr.status} ${xhr.statusText}`;
      reject(new ApiError(xhr.status, message, body.details, errorCodes(body)));
    };
    xhr.onerror = () => reject(new ApiError(0, offlineMessage));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
