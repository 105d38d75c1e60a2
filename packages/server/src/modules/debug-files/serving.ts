// Serving a stored debug-file zip: to the app's team, or through a signed link that expires
// (fns.ts signs it), so file ids cannot be enumerated.
import type { Readable } from 'node:stream';
import { decideOnApp } from '../../auth/policy.ts';
import type { Actor, Membership } from '../../auth/policy.ts';
import { NotFoundError } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { contentDisposition } from '../downloads/fns.ts';
import { debugFileDownloadName } from './fns.ts';
import type { DownloadSigner } from './fns.ts';
import type { DebugFileListRow, DebugFilesRepository } from './repository.ts';
import { FILE_NOT_AVAILABLE } from './types.ts';
import type { DebugFile, FileCaller, ServedFile } from './types.ts';

interface ServingDeps {
  debugFilesRepository: Pick<DebugFilesRepository, 'findById'>;
  storage: Pick<Storage, 'read' | 'stat' | 'downloadUrl'>;
  signer: DownloadSigner;
  membership: (actor: Actor, appId: number) => Promise<Membership | null>;
  one: (row: DebugFileListRow) => Promise<DebugFile>;
}

/** `/download/debug_files/<id>/<name>?expires=…&signature=…` for one link. */
function namedPath(
  file: Pick<DebugFile, 'id' | 'appName' | 'deviceType' | 'releaseVersion' | 'buildVersion' | 'fileName'>,
  link: { expires: number | string; signature: string },
): string {
  return `/download/debug_files/${file.id}/${encodeURIComponent(debugFileDownloadName(file))}?expires=${link.expires}&signature=${link.signature}`;
}

export function createDebugFileServing({ debugFilesRepository, storage, signer, membership, one }: ServingDeps) {
  return {
    /** The file's download path with a signed, expiring link: `/download/debug_files/<id>/<name>?expires=…&signature=…`. */
    signedPath(file: Pick<DebugFile, 'id' | 'checksum' | 'appName' | 'deviceType' | 'releaseVersion' | 'buildVersion' | 'fileName'>): string {
      return namedPath(file, signer.sign(file));
    },

    /**
     * Where the short URL `/download/debug_files/<id>` sends a caller: the team gets a fresh
     * link; the holder of a link keeps the same `expires` and `signature`, so following it
     * never extends a link's life.
     */
    redirectPath(opened: { debugFile: DebugFile; via: 'team' | 'link' }, caller: FileCaller): string {
      if (opened.via === 'team') return namedPath(opened.debugFile, signer.sign(opened.debugFile));
      return namedPath(opened.debugFile, { expires: String(caller.expires), signature: String(caller.signature) });
    },

    /**
     * The stored zip, for one of the app's team (or a global admin) or the holder of a valid
     * signed link; anyone else gets the same 404 as for a file that does not exist.
     */
    async openFile(id: number, caller: FileCaller): Promise<{ file: ServedFile; debugFile: DebugFile; via: 'team' | 'link' }> {
      const row = await debugFilesRepository.findById(id);
      if (!row) throw new NotFoundError(FILE_NOT_AVAILABLE, 'debug_file.not_available');
      let via: 'team' | 'link' | undefined;
      if (caller.actor && decideOnApp(caller.actor, await membership(caller.actor, row.app_id), 'app:read') === 'allow') via = 'team';
      else if (signer.verify({ id: row.id, checksum: row.checksum }, caller.expires, caller.signature)) via = 'link';
      if (!via) throw new NotFoundError(FILE_NOT_AVAILABLE, 'debug_file.not_available');
      const stored = await storage.stat(row.file_key);
      if (!stored) throw new NotFoundError(FILE_NOT_AVAILABLE, 'debug_file.not_available');
      const debugFile = await one(row);
      return {
        debugFile,
        via,
        file: {
          id: row.id,
          key: row.file_key,
          size: stored.size,
          filename: debugFileDownloadName(debugFile),
          etag: `"${row.checksum}"`,
          lastModified: new Date(row.created_at),
        },
      };
    },

    /** A short-lived URL of the zip in the store, when the store hands downloads to the client (S3, redirect); else undefined. */
    async redirectUrl(file: ServedFile): Promise<string | undefined> {
      if (!storage.downloadUrl) return undefined;
      return storage.downloadUrl(file.key, { contentDisposition: contentDisposition(file.filename), contentType: 'application/zip' });
    },

    async read(file: ServedFile, range?: { start: number; end: number }): Promise<Readable> {
      try {
        return await storage.read(file.key, range);
      } catch (error) {
        if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') throw new NotFoundError(FILE_NOT_AVAILABLE, 'debug_file.not_available');
        throw error;
      }
    },
  };
}
