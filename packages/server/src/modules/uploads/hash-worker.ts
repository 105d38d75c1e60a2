// The upload hash worker (hash-worker-client.ts starts it on the first upload, one for the process): for each
// full block it receives (its memory transferred, not copied) it starts writing the block to the
// file on the thread pool, updates the upload's SHA-256 from it meanwhile, and once both are done
// transfers the memory back. hash-worker-client.ts and block-writer.ts explain the layout and its measurements.
//
// Node runs this file in a worker thread, type-stripped like the rest of the sources: only
// erasable TypeScript here, and no imports but Node's own (hash-worker-client.ts imports only its types).
import { createHash } from 'node:crypto';
import type { Hash } from 'node:crypto';
import { write } from 'node:fs';
import { parentPort } from 'node:worker_threads';

/** What hash-worker-client.ts asks; `key` pairs the answer with the call (-1: no answer expected). */
export type HashWorkerRequest =
  | {
      op: 'block';
      key: number;
      job: number;
      fd: number;
      /** Transferred: the block at `offset`, `length` bytes to hash, `writeLength` to write (whole sectors with O_DIRECT). */
      buffer: ArrayBuffer;
      offset: number;
      length: number;
      writeLength: number;
      /** Where in the file the block goes. */
      position: number;
    }
  | { op: 'digest'; key: number; job: number }
  | { op: 'drop'; key: number; job: number };

/** The answer: a block's memory given back (with the write's or hash's error), or a digest. */
export interface HashWorkerReply {
  key: number;
  hex?: string;
  buffer?: ArrayBuffer;
  error?: string | null;
}

const hashes = new Map<number, Hash>();

function writeAll(fd: number, bytes: Uint8Array, position: number, done: (error: Error | null) => void): void {
  let written = 0;
  const next = () =>
    write(fd, bytes, written, bytes.length - written, position + written, (error, n) => {
      if (error) return done(error);
      written += n;
      if (written < bytes.length) next();
      else done(null);
    });
  next();
}

function answer(reply: HashWorkerReply, transfer: ArrayBuffer[] = []): void {
  parentPort!.postMessage(reply, transfer);
}

parentPort?.on('message', (m: HashWorkerRequest) => {
  if (m.op === 'drop') {
    hashes.delete(m.job);
    return;
  }
  let hash = hashes.get(m.job);
  if (!hash) hashes.set(m.job, (hash = createHash('sha256')));
  if (m.op === 'digest') {
    hashes.delete(m.job);
    answer({ key: m.key, hex: hash.digest('hex') });
    return;
  }
  // op 'block': the write first, so the disk works while this thread hashes.
  let failure: Error | null = null;
  let pending = 2;
  const settle = () => {
    if (--pending > 0) return;
    answer({ key: m.key, buffer: m.buffer, error: failure && failure.message }, [m.buffer]);
  };
  writeAll(m.fd, new Uint8Array(m.buffer, m.offset, m.writeLength), m.position, (error) => {
    failure ??= error;
    settle();
  });
  try {
    hash.update(new Uint8Array(m.buffer, m.offset, m.length));
  } catch (error) {
    // Hash.update throws only Errors (a detached or oversized buffer).
    failure ??= error as Error;
  }
  settle();
});
