// The download stream: every byte of the range in order, both ways of reading it (piped, as
// Fastify sends it, and iterated), at most READ_AHEAD blocks of memory when piped, the file
// handle closed at the end or when the consumer goes away, and an error for a file cut short.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { FileReadStream, READ_AHEAD, READ_BLOCK } from './file-read-stream.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'tarmac-read-stream-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const bytes = randomBytes(4 * READ_BLOCK + 12345);
const file = path.join(dir, 'file.bin');
writeFileSync(file, bytes);

/** A destination that takes each write a little later, as a socket does, and keeps what it got. */
function slowSink() {
  const chunks: Buffer[] = [];
  const memory = new Set<ArrayBufferLike>();
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      memory.add(chunk.buffer);
      chunks.push(Buffer.from(chunk)); // a copy: the stream reuses its blocks once this write is done
      setTimeout(callback, 1);
    },
  });
  return { sink, received: () => Buffer.concat(chunks), memory };
}

const ranges: [number, number][] = [
  [0, bytes.length - 1],
  [READ_BLOCK - 1, READ_BLOCK],
  [3, 3 * READ_BLOCK + 5],
  [bytes.length - 1, bytes.length - 1],
  [0, 0],
];

describe('FileReadStream', () => {
  it('pipes every byte of the range in order through at most READ_AHEAD blocks, then closes the file', async () => {
    for (const [start, end] of ranges) {
      const handle = await open(file, 'r');
      const { sink, received, memory } = slowSink();
      const stream = new FileReadStream(handle, start, end);
      stream.pipe(sink);
      await finished(sink);
      await finished(stream);
      expect(received().equals(bytes.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
      expect(memory.size).toBeLessThanOrEqual(READ_AHEAD);
      expect(handle.fd).toBe(-1);
    }
  });

  it('gives the same bytes when iterated', async () => {
    for (const [start, end] of ranges) {
      const handle = await open(file, 'r');
      const chunks: Buffer[] = [];
      for await (const chunk of new FileReadStream(handle, start, end)) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(bytes.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
      expect(handle.fd).toBe(-1);
    }
  });

  it('stops reading and closes the file when destroyed mid-way (a client that went away)', async () => {
    const handle = await open(file, 'r');
    const stuck = new Writable({
      write(_chunk, _encoding, _callback) {
        // never done: the socket stopped taking data
      },
    });
    const stream = new FileReadStream(handle, 0, bytes.length - 1);
    stream.pipe(stuck);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Every block handed over, none back: nothing more is read.
    expect(stuck.writableLength).toBe(READ_AHEAD * READ_BLOCK);
    stream.destroy();
    await new Promise((resolve) => stream.once('close', resolve));
    expect(handle.fd).toBe(-1);
    expect(stuck.writableLength).toBe(READ_AHEAD * READ_BLOCK);
  });

  it('fails when the file is shorter than the range, piped or iterated', async () => {
    const short = path.join(dir, 'short.bin');
    writeFileSync(short, bytes.subarray(0, READ_BLOCK + 10));
    for (const piped of [true, false]) {
      const stream = new FileReadStream(await open(short, 'r'), 0, 2 * READ_BLOCK);
      const error = new Promise<Error>((resolve) => stream.once('error', resolve));
      if (piped) stream.pipe(slowSink().sink);
      else void (async () => {
        for await (const _chunk of stream);
      })().catch(() => undefined);
      expect((await error).message).toMatch(/ended \d+ bytes early/);
    }
  });
});
