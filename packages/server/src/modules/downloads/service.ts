// The rules of a release's public file and iOS install manifest. Every way in (the Zealot
// redirect, the file itself, the manifest) asks the channel's access rules (modules/access)
// before it tells anything about the file: Zealot checked the password on the redirect only,
// so the file URL bypassed it. A completed download and a manifest fetch each add one to the
// release's counters.
import type { Readable } from 'node:stream';
import { NotFoundError } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import type { AccessService, Caller, PublicRelease } from '../access/service.ts';
import type { DownloadsRepository } from './repository.ts';
import { contentTypeFor, downloadFilename, etagOf } from './fns.ts';

/** Zealot's answer for a release, or its file, that is not there. */
export const NOT_FOUND_RELEASE = 'Not found release';
/** A password-protected channel's manifest, asked for without access. */
export const GUARDED_RELEASE = "This release's channel is protected by a password: open the release page and enter it, or sign in";

/** A release's stored file, as the download route sends it. */
export interface DownloadFile {
  releaseId: number;
  key: string;
  size: number;
  /** The name it is saved under (the channel's download_filename_type). */
  filename: string;
  contentType: string;
  etag: string;
  lastModified: Date;
}

/** What the caller may have: the file, or the channel's password form first. */
export type OpenedDownload = { access: 'open'; file: DownloadFile; found: PublicRelease } | { access: 'password'; found: PublicRelease };

/** The caller of a public route for a given channel: who is signed in, and the grants they carry for it. */
export type CallerFor = (channelId: number) => Caller;

interface Deps {
  accessService: Pick<AccessService, 'release' | 'decide'>;
  storage: Pick<Storage, 'read' | 'stat'>;
  downloadsRepository: DownloadsRepository;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

export function createDownloadsService({ accessService, storage, downloadsRepository }: Deps) {
  async function findRelease(id: number): Promise<PublicRelease> {
    const found = await accessService.release(id);
    if (!found) throw new NotFoundError(NOT_FOUND_RELEASE);
    return found;
  }

  async function storedFile({ release, channel }: PublicRelease): Promise<DownloadFile> {
    const stored = await storage.stat(release.file_key);
    if (!stored) throw new NotFoundError(NOT_FOUND_RELEASE);
    const filename = downloadFilename({
      id: release.id,
      channelSlug: channel.slug,
      filenameType: channel.download_filename_type,
      fileName: release.file_name,
      format: release.format,
      releaseVersion: release.release_version,
      buildVersion: release.build_version,
      createdAt: release.created_at,
    });
    return {
      releaseId: release.id,
      key: release.file_key,
      size: stored.size,
      filename,
      contentType: contentTypeFor(filename),
      etag: etagOf(release.checksum),
      lastModified: new Date(release.created_at),
    };
  }

  return {
    /** The release's file if the caller may open its channel; 404 `Not found release` when the release or its file is gone. */
    async open(id: number, callerFor: CallerFor): Promise<OpenedDownload> {
      const found = await findRelease(id);
      if ((await accessService.decide(found.channel, callerFor(found.channel.id))) === 'password') return { access: 'password', found };
      return { access: 'open', file: await storedFile(found), found };
    },

    /** The file's bytes, or one range of them (inclusive end). */
    async read(file: DownloadFile, range?: { start: number; end: number }): Promise<Readable> {
      try {
        return await storage.read(file.key, range);
      } catch (error) {
        if (isMissing(error)) throw new NotFoundError(NOT_FOUND_RELEASE);
        throw error;
      }
    },

    /** One more completed download of the release. */
    countDownload(releaseId: number): Promise<void> {
      return downloadsRepository.countDownload(releaseId);
    },

    /**
     * The iOS release the manifest describes. `channel` is its channel's slug or, as Zealot
     * also took, its id. 404 when the release is not in that channel, is not an iOS build,
     * or its file is gone.
     */
    async manifest(id: number, channel: string, callerFor: CallerFor): Promise<{ access: 'open' | 'password'; found: PublicRelease }> {
      const found = await findRelease(id);
      const own = found.channel;
      if (own.slug.toLowerCase() !== channel.toLowerCase() && String(own.id) !== channel) throw new NotFoundError(NOT_FOUND_RELEASE);
      if (found.release.platform !== 'ios') throw new NotFoundError(`Release ${id} is not an iOS build: only iOS builds install through a manifest`);
      if ((await accessService.decide(own, callerFor(own.id))) === 'password') return { access: 'password', found };
      await storedFile(found);
      return { access: 'open', found };
    },

    /** One more over-the-air install started. */
    countInstall(releaseId: number): Promise<void> {
      return downloadsRepository.countInstall(releaseId);
    },
  };
}

export type DownloadsService = ReturnType<typeof createDownloadsService>;
