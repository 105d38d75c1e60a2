// The client side of the upload hash worker (hash-worker.ts): one worker thread for the
// process, started on the first upload, that writes each block of an upload to its temporary
// file while it computes the upload's SHA-256 (block-writer.ts hands it the blocks).
import { getCompileCacheDir } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { HashWorkerReply, HashWorkerRequest } from './hash-worker.ts';

/**
 * One worker for the process: it receives each full block (its memory transferred, not
 * copied), starts writing it to the file on the thread pool, updates the upload's SHA-256
 * from it meanwhile, and once both are done transfers the memory back.
 *
 * Why this layout (measured, 1 GiB over loopback on 2 cores): SHA-256 costs ~0.57 s of one
 * core (SHA-NI), receiving about half that, so hashing runs on its own thread; hashing on
 * this thread instead was ~15% slower. The blocks used to be SharedArrayBuffers, written from
 * this thread while the worker hashed the same memory: copying into shared memory is slower
 * (V8 copies it with relaxed atomics), and each block cost this thread a write request and two
 * promises more; the upload (curl + server) took 1.8-2.1 CPU-s against 1.5-1.6 now. Handing
 * the worker the socket's chunks themselves (transferred, no copy into blocks) was slower
 * again: many small messages, and the worker still has to copy them into aligned blocks.
 *
 * The worker's code is hash-worker.ts, linted and type-checked like the rest; it starts on the
 * first upload, so a server that takes none never loads it.
 */
const HASH_WORKER_URL = new URL('./hash-worker.ts', import.meta.url);

/**
 * Node's compile cache, which the process turns on at start (bin/tarmac.js, main.ts), is this
 * thread's: a worker uses it only through NODE_COMPILE_CACHE. Without it the worker would load
 * Node's TypeScript stripper (~20 MB) to read hash-worker.ts on every start.
 */
function workerEnv(): NodeJS.ProcessEnv {
  const cacheDir = getCompileCacheDir();
  return cacheDir ? { ...process.env, NODE_COMPILE_CACHE: path.dirname(cacheDir) } : process.env;
}

/** A request before call() gives it its key. */
type WithoutKey<T> = T extends unknown ? Omit<T, 'key'> : never;

class HashWorker {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, { resolve: (reply: HashWorkerReply) => void; reject: (error: unknown) => void }>();
  private nextKey = 0;
  private nextJob = 0;

  job(): number {
    return this.nextJob++;
  }

  private call(message: WithoutKey<HashWorkerRequest>, transfer: ArrayBuffer[] = []): Promise<HashWorkerReply> {
    if (!this.worker) {
      const worker = new Worker(HASH_WORKER_URL, { env: workerEnv() });
      worker.unref();
      worker.on('message', (reply: HashWorkerReply) => {
        const waiting = this.pending.get(reply.key);
        this.pending.delete(reply.key);
        if (this.pending.size === 0) worker.unref();
        waiting?.resolve(reply);
      });
      worker.on('error', (error) => {
        for (const waiting of this.pending.values()) waiting.reject(error);
        this.pending.clear();
        this.worker = null;
      });
      this.worker = worker;
    }
    const key = this.nextKey++;
    const worker = this.worker;
    return new Promise((resolve, reject) => {
      this.pending.set(key, { resolve, reject });
      worker.ref();
      worker.postMessage({ ...message, key }, transfer);
    });
  }

  /**
   * Writes `length` bytes of the block at `offset` in its buffer to `fd` at `position`
   * (`writeLength` bytes: O_DIRECT writes whole sectors) and adds them to the job's hash.
   * The buffer is transferred: it is unusable until the answer gives it back.
   */
  async block(
    job: number,
    fd: number,
    buffer: ArrayBuffer,
    offset: number,
    length: number,
    writeLength: number,
    position: number,
  ): Promise<ArrayBuffer> {
    const reply = await this.call({ op: 'block', job, fd, buffer, offset, length, writeLength, position }, [buffer]);
    if (reply.error) throw Object.assign(new Error(reply.error), { buffer: reply.buffer });
    return reply.buffer!;
  }

  async digest(job: number): Promise<string> {
    return (await this.call({ op: 'digest', job })).hex ?? '';
  }

  drop(job: number): void {
    const request: HashWorkerRequest = { op: 'drop', job, key: -1 };
    if (this.worker) this.worker.postMessage(request);
  }
}

export const hashWorker = new HashWorker();
