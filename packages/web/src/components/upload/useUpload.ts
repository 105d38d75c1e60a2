// The state of one upload sent with XMLHttpRequest: idle, uploading (bytes going, cancellable)
// or processing (every byte sent, the server storing it: too late to cancel), its progress, and
// the error to show (the server's, a lost connection, or "cancelled"). Leaving the screen
// mid-upload stops the transfer.
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import type { UploadHandle, UploadProgress } from '../../api/client.ts';

export type UploadPhase = 'idle' | 'uploading' | 'processing';

/** Starts the request: the file, a progress callback, and the sentence for a lost connection. */
export type SendUpload<T> = (file: File, onProgress: (progress: UploadProgress) => void) => UploadHandle<T>;

export function useUpload<T>(cancelledMessage: string) {
  const [phase, setPhase] = useState<UploadPhase>('idle');
  const [progress, setProgress] = useState<UploadProgress>({ loaded: 0, total: 0 });
  const [error, setError] = useState<ApiError | null>(null);
  const handle = useRef<UploadHandle<T> | null>(null);

  useEffect(() => () => handle.current?.abort(), []);

  function reset() {
    setPhase('idle');
    setProgress({ loaded: 0, total: 0 });
    setError(null);
  }

  /** Sends the file; the answer, or undefined when it was refused, failed or was cancelled (error set). */
  async function send(file: File, start: SendUpload<T>): Promise<T | undefined> {
    setError(null);
    setPhase('uploading');
    setProgress({ loaded: 0, total: file.size });
    const upload = start(file, (next) => {
      setProgress(next);
      if (next.total > 0 && next.loaded >= next.total) setPhase('processing');
    });
    handle.current = upload;
    try {
      return await upload.promise;
    } catch (caught) {
      setPhase('idle');
      if (caught instanceof DOMException && caught.name === 'AbortError') {
        setProgress({ loaded: 0, total: 0 });
        setError(new ApiError(0, cancelledMessage));
      } else {
        setError(caught instanceof ApiError ? caught : new ApiError(0, caught instanceof Error ? caught.message : String(caught)));
      }
      return undefined;
    } finally {
      handle.current = null;
    }
  }

  return { phase, busy: phase !== 'idle', progress, error, setError, send, reset, cancel: () => handle.current?.abort() };
}
