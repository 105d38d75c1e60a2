// POST /api/teardown: what Tarmac reads in a file, nothing stored. Sent with XMLHttpRequest,
// the one browser API that reports upload progress.
import { ApiError, getCsrfToken, toError } from './client.ts';

/** The parser's reading of a file (the appinfo JSON); `details` depends on the format. */
export interface Teardown {
  format: string;
  platform: string;
  device: string;
  name: string | null;
  display_name: string | null;
  bundle_id: string | null;
  release_version: string | null;
  build_version: string | null;
  min_os_version: string | null;
  size: number;
  archs: string[];
  details: Record<string, unknown>;
  [key: string]: unknown;
}

export interface Progress {
  loaded: number;
  total: number;
}

/** Uploads `file`; rejects with ApiError (the server's sentence) or an AbortError when `signal` fires. */
export function teardownFile(file: File, onProgress: (progress: Progress) => void, signal: AbortSignal): Promise<Teardown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/teardown');
    xhr.setRequestHeader('accept', 'application/json');
    const csrf = getCsrfToken();
    if (csrf) xhr.setRequestHeader('x-csrf-token', csrf);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    xhr.onload = () => {
      const response = new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText, headers: { 'content-type': xhr.getResponseHeader('content-type') ?? '' } });
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(JSON.parse(xhr.responseText) as Teardown);
      } else {
        void toError(response).then(reject);
      }
    };
    // The connection failed, or the server refused the file early and closed it (a file over
    // the upload limit can end this way): status 0, and the page says what may have happened.
    xhr.onerror = () => reject(new ApiError(0, ''));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
