// POST /api/teardown: what Tarmac reads in a file, nothing stored (sent by uploadForm, with progress).
import { uploadForm } from './client.ts';
import type { UploadProgress } from './client.ts';

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

export type Progress = UploadProgress;

/** Uploads `file`; rejects with ApiError (the server's sentence) or an AbortError when `signal` fires. */
export function teardownFile(file: File, onProgress: (progress: Progress) => void, signal: AbortSignal): Promise<Teardown> {
  const form = new FormData();
  form.append('file', file, file.name);
  // The connection failed, or the server refused the file early and closed it (a file over
  // the upload limit can end this way): status 0 with no sentence, and the page says what may
  // have happened.
  const upload = uploadForm<Teardown>('/teardown', form, onProgress, '');
  signal.addEventListener('abort', upload.abort, { once: true });
  return upload.promise;
}
