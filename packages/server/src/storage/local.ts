// Files on the local disk under TARMAC_DATA_DIR/storage. Writes go to a temp file in
// TARMAC_DATA_DIR/tmp, are fsynced, then renamed into place, so a crash never leaves a
// half-written object under a real key (what a crash leaves in tmp, temp-files.ts sweeps).
// A delete also removes the folders it leaves empty (releases/<id>/), up to the root.
import { mkdir, open, readdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileReadStream } from './file-read-stream.ts';
import type { ListedObject, Storage, StoredObject } from './storage.ts';
import { StorageError } from './storage.ts';
import { releaseTempFile, tempFilePath } from './temp-files.ts';

const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

export function createLocalStorage(dataDir: string): Storage {
  const root = path.join(dataDir, 'storage');
  const tempDir = path.join(dataDir, 'tmp');

  function fileFor(key: string): string {
    // Keys are made by the server; this guard keeps a bug from ever escaping the root.
    if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
      throw new StorageError(`Invalid storage key "${key}"`);
    }
    return path.join(root, key);
  }

  async function fsyncFile(file: string): Promise<void> {
    const handle = await open(file, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  async function fsyncDir(dir: string): Promise<void> {
    try {
      const handle = await open(dir, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    } catch {
      // Some file systems refuse to fsync a directory; the rename is still atomic.
    }
  }

  return {
    tempDir,

    async putFile(key, tempPath) {
      const target = fileFor(key);
      await mkdir(path.dirname(target), { recursive: true });
      await fsyncFile(tempPath);
      await rename(tempPath, target);
      await fsyncDir(path.dirname(target));
    },

    async putBuffer(key, data) {
      const target = fileFor(key);
      await mkdir(path.dirname(target), { recursive: true });
      await mkdir(tempDir, { recursive: true });
      const temp = tempFilePath(tempDir, 'put');
      try {
        const handle = await open(temp, 'w');
        try {
          await handle.writeFile(data);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, target);
      } catch (error) {
        await unlink(temp).catch(() => undefined);
        throw error;
      } finally {
        releaseTempFile(temp);
      }
      await fsyncDir(path.dirname(target));
    },

    async read(key, range): Promise<Readable> {
      const file = fileFor(key);
      // Open first, so a missing file is an error here rather than on the stream.
      const handle = await open(file, 'r');
      if (range) return new FileReadStream(handle, range.start, range.end);
      try {
        return new FileReadStream(handle, 0, (await handle.stat()).size - 1);
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    localPath(key) {
      return path.resolve(fileFor(key));
    },

    async stat(key): Promise<StoredObject | null> {
      try {
        const info = await stat(fileFor(key));
        return { size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    // The folders under the prefix's own folder, walked depth first; a file that goes meanwhile is skipped.
    async *list(prefix): AsyncIterable<ListedObject> {
      const slash = prefix.lastIndexOf('/');
      const start = path.join(root, prefix.slice(0, slash + 1));
      const pending = [start];
      while (pending.length > 0) {
        const dir = pending.pop()!;
        let entries;
        try {
          entries = await readdir(dir, { withFileTypes: true });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
          throw error;
        }
        for (const entry of entries) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) {
            pending.push(full);
            continue;
          }
          const key = path.relative(root, full).split(path.sep).join('/');
          if (!entry.isFile() || !key.startsWith(prefix)) continue;
          const info = await stat(full).catch(() => null);
          if (info) yield { key, size: info.size, modifiedMs: info.mtimeMs };
        }
      }
    },

    async delete(key) {
      const file = fileFor(key);
      await rm(file, { force: true });
      // The folders left empty go too (another write may fill one meanwhile: then it stays).
      for (let dir = path.dirname(file); dir !== root && dir.startsWith(root + path.sep); dir = path.dirname(dir)) {
        try {
          await rmdir(dir);
        } catch {
          break; // not empty, or gone
        }
      }
    },
  };
}
