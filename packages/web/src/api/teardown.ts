// POST /api/teardown: what Tarmac reads in a file, nothing stored (sent by uploadForm, with progress).
import { uploadForm } from './client.ts';
import type { JsonAnswer, UploadProgress } from './client.ts';
import type { ReleaseMetadata } from './releases.ts';

/**
 * The parser's reading of a file (the appinfo JSON): the document promises `format`, `platform`,
 * `bundle_id`, `size` and `details` (which depends on the format); any other field may be missing.
 */
export type Teardown = JsonAnswer<'/api/teardown', 'post'> & ReleaseMetadata;

export type Progress = UploadProgress;

/** Uploads `file`; rejects with ApiError (the server's sentence) or an AbortError when `signal` fires. */
export function teardownFile(file: File, onProgress: (progress: Progress) => void, signal: AbortSignal): Promise<Teardown> {
  const form = new FormData();
  form.append('file', file, file.name);
  // The connection failed, or the server refused the file early and closed it (a file over
  // the upload limit can end this way): status 0 with no sentence, and the page says what may
  // have happened.
  const upload = uploadForm('/api/teardown', form, onProgress, '');
  signal.addEventListener('abort', upload.abort, { once: true });
  return upload.promise.then((teardown) => teardown as Teardown);
}
