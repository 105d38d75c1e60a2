// An upload's file part on its way to a temporary file: the socket's chunks are copied into
// a few 2 MiB blocks, each full block handed to the hash worker (hash-worker-client.ts), which
// writes it (O_DIRECT where the file system allows) and hashes it; blocks come back for reuse.
import { constants as fsConstants, writeSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { hashWorker } from './hash-worker-client.ts';

/**
 * The file goes to disk in blocks of BLOCK_BYTES, up to BLOCKS of them in flight at once: the
 * socket's 64 KiB chunks are copied into the current block on this thread, and a full block
 * goes to the hash worker, which writes it (O_DIRECT, on the thread pool) while it computes
 * the SHA-256, then hands it back. BLOCKS × BLOCK_BYTES is about the most one upload holds.
 *
 * Measured on the benchmark's VM (2 cores, a virtio disk that writes ~2 GB/s, one request at
 * a time: 4 MiB writes took 1.8 ms each one at a time, 7.9 ms each four at a time), 1 GiB
 * uploads over loopback, each layout against the others in the same runs:
 * - 2 MiB × 4, 4 MiB × 4 and 1 MiB × 8 came out even (within the machine's noise); 4 MiB × 2
 *   (the former layout) was ~10% slower, the disk idling while both blocks waited for the
 *   hash. Smaller writes cost CPU per request (1 GiB as 1 MiB writes: ~0.16 CPU-s of kernel
 *   time, as 4 MiB writes: ~0.10); 2 MiB × 4 holds as little memory as the former layout.
 * - Buffered writes (the page cache, then the fsync the store needs) took ~4 s for 1 GiB:
 *   the write-back to this disk is slow. O_DIRECT stays.
 * - With 1 MiB WriteStream writes a 1 GiB upload ran at a seventh of the socket's speed.
 */
const BLOCK_BYTES = 2 * 1024 * 1024;
const BLOCKS = 4;

const ALIGN = 4096;

/**
 * The offset in `raw` at which O_DIRECT writes to `fd` are accepted (the memory address must
 * be aligned, which JavaScript cannot see), found by trial; -1 if none is. A transferred
 * ArrayBuffer keeps its memory, so the offset holds when the worker hands it back.
 */
function directOffset(fd: number, raw: Buffer, position: number, only?: number): number {
  for (let offset = only ?? 0; offset < (only === undefined ? ALIGN : only + 1); offset += 16) {
    try {
      writeSync(fd, raw, offset, ALIGN, position);
      return offset;
    } catch {
      // EINVAL: not aligned
    }
  }
  return -1;
}

/** A block's memory: `buffer` whole (what is transferred), the block at `offset` in it. */
interface Block {
  buffer: ArrayBuffer;
  offset: number;
  bytes: Buffer;
}

function blockAt(buffer: ArrayBuffer, offset: number): Block {
  return { buffer, offset, bytes: Buffer.from(buffer, offset, BLOCK_BYTES) };
}

/**
 * Blocks finished uploads gave back, for the next ones (at most BLOCKS kept): memory made once
 * rather than per upload, which would linger until a full garbage collection (a 1 GiB upload
 * grew the process by its blocks each time).
 */
const spareBlocks: Block[] = [];

/**
 * A block for a file open on `fd` (O_DIRECT if `direct`): a spare one or new memory (plain, not
 * pooled, with room to align the block in it: its own ArrayBuffer, so it can be transferred).
 * The trial writes land at `position`, where the block will go. Null if no offset is aligned.
 */
function takeBlock(fd: number, direct: boolean, position: number): Block | null {
  const spare = spareBlocks.pop();
  if (spare && (!direct || directOffset(fd, Buffer.from(spare.buffer), position, spare.offset) === spare.offset)) return spare;
  const raw = Buffer.allocUnsafeSlow(BLOCK_BYTES + ALIGN);
  const offset = direct ? directOffset(fd, raw, position) : 0;
  return offset >= 0 ? blockAt(raw.buffer, offset) : null;
}

function giveBackBlocks(blocks: Block[]): void {
  while (blocks.length > 0 && spareBlocks.length < BLOCKS) spareBlocks.push(blocks.pop()!);
  blocks.length = 0;
}

/**
 * Writes the file part in blocks, SHA-256 and size on the way. The file is opened with
 * O_DIRECT where the file system allows it: the blocks go to the disk without passing through
 * the page cache, which costs the kernel little CPU and leaves the later fsync little to do.
 */
export class BlockWriter {
  private readonly job = hashWorker.job();
  private readonly free: Block[] = [];
  /** Blocks made so far: up to BLOCKS, as the file grows (a small file needs one). */
  private made = 0;
  private readonly inFlight = new Set<Promise<unknown>>();
  private current: Block | null = null;
  private filled = 0;
  private position = 0;
  private failure: Error | null = null;
  private readonly handle: FileHandle;
  private readonly direct: boolean;
  size = 0;

  private constructor(handle: FileHandle, first: Block, direct: boolean) {
    this.handle = handle;
    this.free.push(first);
    this.made = 1;
    this.direct = direct;
  }

  static async open(target: string): Promise<{ writer: BlockWriter; handle: FileHandle }> {
    const O_DIRECT = fsConstants.O_DIRECT;
    if (O_DIRECT) {
      let handle: FileHandle | null = null;
      try {
        handle = await open(target, fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL | O_DIRECT, 0o600);
      } catch {
        // The file system refuses O_DIRECT (tmpfs): buffered writes below.
      }
      if (handle) {
        const first = takeBlock(handle.fd, true, 0);
        if (first) {
          await handle.truncate(0);
          return { writer: new BlockWriter(handle, first, true), handle };
        }
        await handle.close();
        await rm(target, { force: true });
      }
    }
    const handle = await open(target, 'wx', 0o600);
    return { writer: new BlockWriter(handle, takeBlock(handle.fd, false, 0)!, false), handle };
  }

  /** Resolves at once unless every block is on its way to the disk (backpressure). */
  async write(data: Buffer): Promise<void> {
    this.size += data.length;
    let offset = 0;
    while (offset < data.length) {
      if (!this.current) this.current = await this.take();
      const n = data.copy(this.current.bytes, this.filled, offset);
      this.filled += n;
      offset += n;
      if (this.filled === BLOCK_BYTES) this.flush();
    }
  }

  /** Writes what is left and waits for every write; answers the SHA-256. */
  async finish(): Promise<string> {
    if (this.current && this.filled > 0) this.flush();
    await this.settle();
    if (this.failure) throw this.failure;
    if (this.current) this.free.push(this.current);
    this.current = null;
    giveBackBlocks(this.free);
    // O_DIRECT wrote whole 4 KiB sectors: cut the file to its size.
    if (this.direct) await this.handle.truncate(this.size);
    return hashWorker.digest(this.job);
  }

  /** Waits for the writes in flight, failed or not (before the file is closed and removed). */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** After settle(), on failure: the hash is dropped, the blocks kept for other uploads. */
  abandon(): void {
    hashWorker.drop(this.job);
    if (this.current) this.free.push(this.current);
    this.current = null;
    giveBackBlocks(this.free);
  }

  private async take(): Promise<Block> {
    if (this.free.length === 0 && this.made < BLOCKS && !this.failure) {
      // The trial writes land where this block will go (past every write in flight, and
      // overwritten by the block itself or cut by the final truncate).
      const block = takeBlock(this.handle.fd, this.direct, this.position);
      if (block) {
        this.made++;
        return block;
      }
    }
    while (this.free.length === 0 && !this.failure) await Promise.race(this.inFlight);
    if (this.failure) throw this.failure;
    return this.free.pop()!;
  }

  private flush(): void {
    const block = this.current!;
    const length = this.filled;
    this.current = null;
    this.filled = 0;
    const position = this.position;
    this.position += length;
    const writeLength = this.direct ? Math.ceil(length / ALIGN) * ALIGN : length;
    const back = (buffer: ArrayBuffer) => this.free.push(blockAt(buffer, block.offset));
    const written = hashWorker.block(this.job, this.handle.fd, block.buffer, block.offset, length, writeLength, position);
    const done: Promise<unknown> = written.then(back, (error: unknown) => {
      const buffer = (error as { buffer?: ArrayBuffer }).buffer;
      if (buffer) back(buffer);
      this.failure ??= error instanceof Error ? error : new Error(String(error));
    });
    const tracked: Promise<unknown> = done.finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }
}
