// The rules of a release's public file, icon and iOS install manifest. The public paths name
// the build by its channel's slug and its id together: a wrong slug is the same 404 as a
// missing build, so counting ids finds nothing. Zealot's id-only paths open only for a caller
// entitled to the channel (a team member, a grant holder); anyone else gets 404 Record not
// found. Every way in asks the channel's access rules (modules/access) before it tells
// anything about the file: Zealot checked the password on the redirect only, so the file URL
// bypassed it. A completed download and a manifest fetch each add one to the release's counters.
import type { Readable } from 'node:stream';
import { NotFoundError, RECORD_NOT_FOUND } from '../../errors.ts';
import type { DownloadAccel } from '../../config.ts';
import type { Storage } from '../../storage/storage.ts';
import type { AccessService, Caller, PublicRelease } from '../access/service.ts';
import type { DownloadsRepository } from './repository.ts';
import { contentDisposition, contentTypeFor, downloadFilename, etagOf } from './fns.ts';
import { createHandOff } from './accel.ts';

/** Zealot's answer for a release, or its file, that is not there. */
export const NOT_FOUND_RELEASE = 'Not found release';
/** A release imported from Zealot whose file was not in Zealot's uploads (releases.file_missing). */
export const FILE_NOT_IMPORTED = "This build's file is missing: it was not in Zealot's uploads when the build was imported, so it cannot be downloaded or installed";
/** A build on an id-only path, asked for by a caller not entitled to its channel (or that does not exist). */
export const NOT_FOUND_RECORD = 'Record not found';
/** A password-protected channel's manifest or icon, asked for without access. */
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
  accessService: Pick<AccessService, 'release' | 'decide' | 'entitled'>;
  storage: Pick<Storage, 'read' | 'stat' | 'downloadUrl' | 'localPath'>;
  downloadsRepository: DownloadsRepository;
  /** TARMAC_DOWNLOAD_ACCEL; off when omitted. */
  accel?: DownloadAccel;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

export function createDownloadsService({ accessService, storage, downloadsRepository, accel = { mode: 'off' } }: Deps) {
  const handOff = createHandOff(accel, storage);
  /** The release in the channel of this slug; 404 `Not found release` otherwise. */
  async function findRelease(id: number, slug: string): Promise<PublicRelease> {
    const found = await accessService.release(id, slug);
    if (!found) throw new NotFoundError(NOT_FOUND_RELEASE, 'release.not_found');
    return found;
  }

  async function openFile(found: PublicRelease, callerFor: CallerFor): Promise<OpenedDownload> {
    if ((await accessService.decide(found.channel, callerFor(found.channel.id))) === 'password') return { access: 'password', found };
    return { access: 'open', file: await storedFile(found), found };
  }

  async function storedFile({ release, channel }: PublicRelease): Promise<DownloadFile> {
    // Imported from Zealot without its file: nothing was ever stored under the key.
    if (release.file_missing !== null) throw new NotFoundError(FILE_NOT_IMPORTED, 'release.file_missing');
    const stored = await storage.stat(release.file_key);
    if (!stored) throw new NotFoundError(NOT_FOUND_RELEASE, 'release.file_missing');
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
    /**
     * The release's file if it is in the channel of `slug` and the caller may open that channel;
     * 404 `Not found release` when the release, or its file, is not there.
     */
    async open(id: number, slug: string, callerFor: CallerFor): Promise<OpenedDownload> {
      return openFile(await findRelease(id, slug), callerFor);
    },

    /**
     * Zealot's id-only path: the release and its file for a caller entitled to its channel
     * (accessService.entitled); 404 `Record not found`, as for a missing release, to anyone else.
     */
    async openById(id: number, callerFor: CallerFor): Promise<{ file: DownloadFile; found: PublicRelease }> {
      const found = await accessService.release(id);
      if (!found || !(await accessService.entitled(found.channel, callerFor(found.channel.id)))) throw new NotFoundError(NOT_FOUND_RECORD, 'release.not_found');
      return { file: await storedFile(found), found };
    },

    /** The release's icon (PNG) if it is in the channel of `slug` and the caller may open that channel; 404 when it has none. */
    async icon(id: number, slug: string, callerFor: CallerFor): Promise<{ access: 'open'; body: Readable } | { access: 'password' }> {
      const found = await accessService.release(id, slug);
      if (!found?.release.icon_key) throw new NotFoundError(RECORD_NOT_FOUND, 'release.icon_not_found');
      if ((await accessService.decide(found.channel, callerFor(found.channel.id))) === 'password') return { access: 'password' };
      try {
        return { access: 'open', body: await storage.read(found.release.icon_key) };
      } catch (error) {
        if (isMissing(error)) throw new NotFoundError(RECORD_NOT_FOUND, 'release.icon_not_found');
        throw error;
      }
    },

    /** The file's bytes, or one range of them (inclusive end). */
    async read(file: DownloadFile, range?: { start: number; end: number }): Promise<Readable> {
      try {
        return await storage.read(file.key, range);
      } catch (error) {
        if (isMissing(error)) throw new NotFoundError(NOT_FOUND_RELEASE, 'release.file_missing');
        throw error;
      }
    },

    /**
     * Where a GET of the file is sent when the store hands downloads to the client (S3 with
     * TARMAC_S3_DOWNLOADS=redirect): a short-lived URL answered with the file's name and type.
     * Undefined when Tarmac sends the bytes itself.
     */
    async redirectUrl(file: DownloadFile): Promise<string | undefined> {
      if (!storage.downloadUrl) return undefined;
      return storage.downloadUrl(file.key, { contentDisposition: contentDisposition(file.filename), contentType: file.contentType });
    },

    /** The header that hands the file to the reverse proxy (TARMAC_DOWNLOAD_ACCEL); undefined when Tarmac sends it. */
    handOff(file: DownloadFile) {
      return handOff(file.key);
    },

    /** One more completed download of the release. */
    countDownload(releaseId: number): Promise<void> {
      return downloadsRepository.countDownload(releaseId);
    },

    /**
     * The iOS release the manifest describes. `channel` is its channel's slug or, as Zealot
     * also took, its id; the id form (guessable) only for a caller entitled to the channel.
     * 404 when the release is not in that channel, is not an iOS build, or its file is gone.
     */
    async manifest(id: number, channel: string, callerFor: CallerFor): Promise<{ access: 'open' | 'password'; found: PublicRelease }> {
      const found = await accessService.release(id);
      if (!found) throw new NotFoundError(NOT_FOUND_RELEASE, 'release.not_found');
      const own = found.channel;
      const caller = callerFor(own.id);
      const bySlug = own.slug.toLowerCase() === channel.toLowerCase();
      if (!bySlug && !(String(own.id) === channel && (await accessService.entitled(
        own,
        caller,
      )))) throw new NotFoundError(NOT_FOUND_RELEASE, 'release.not_found');
      if (found.release.platform !== 'ios') throw new NotFoundError(`Release ${id} is not an iOS build: only iOS builds install through a manifest`, 'release.not_ios', { id });
      if ((await accessService.decide(own, caller)) === 'password') return { access: 'password', found };
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
