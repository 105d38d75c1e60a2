// Zealot's uploads as CarrierWave laid them out under `public/uploads` (zealot-schema.md, "Files"):
//   build       apps/a{app_id}/r{release_id}/binary/{releases.file}
//   icon        apps/a{app_id}/r{release_id}/icons/{releases.icon}
//   debug file  debug_files/a{app_id}/d{debug_file_id}/{debug_files.file}
// A name from the database is used only when it is one plain path segment, and only a regular
// file is answered: a hostile row cannot read outside the folder.
import { createReadStream } from 'node:fs';
import { lstat, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { ZealotSourceError, type ZealotFile, type ZealotFileKind, type ZealotRow } from './types.ts';

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Refuses a folder that is not Zealot's `public/uploads`: missing, not a folder, or holding
 * neither `apps/` nor `debug_files/` (pointing at `public/` or the app root is named as such).
 */
export async function checkUploadsFolder(dir: string): Promise<void> {
  if (!(await isDirectory(dir))) {
    throw new ZealotSourceError('uploads_not_zealot', `The uploads folder ${dir} does not exist or is not a folder`);
  }
  if ((await isDirectory(path.join(dir, 'apps'))) || (await isDirectory(path.join(dir, 'debug_files')))) return;
  for (const inner of ['uploads', 'public/uploads']) {
    if (await isDirectory(path.join(dir, inner, 'apps'))) {
      throw new ZealotSourceError('uploads_not_zealot', `${dir} is not Zealot's public/uploads folder; did you mean ${path.join(dir, inner)}?`);
    }
  }
  throw new ZealotSourceError(
    'uploads_not_zealot',
    `${dir} does not look like Zealot's public/uploads folder: it has neither apps/ nor debug_files/`,
  );
}

function plainName(value: unknown): string | null {
  if (typeof value !== 'string' || value === '' || value === '.' || value === '..') return null;
  return /[/\\\0]/.test(value) ? null : value;
}

function idOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** The path under `public/uploads` of a row's upload, or why there is none. */
export function uploadPath(kind: ZealotFileKind, row: ZealotRow, appId: number | null): { path: string } | { reason: string } {
  const column = kind === 'icon' ? 'icon' : 'file';
  if (row[column] === null || row[column] === undefined || row[column] === '') return { reason: `the row has no ${column}` };
  const name = plainName(row[column]);
  if (name === null) return { reason: `the ${column} name ${JSON.stringify(row[column])} is not a plain file name` };
  const id = idOf(row.id);
  const app = idOf(appId);
  if (id === null || app === null) return { reason: id === null ? 'the row has no id' : 'its app is unknown (no channel or scheme)' };
  if (kind === 'debug_file') return { path: `debug_files/a${app}/d${id}/${name}` };
  return { path: `apps/a${app}/r${id}/${kind === 'build' ? 'binary' : 'icons'}/${name}` };
}

/** A row's upload in the folder `dir` (Zealot's public/uploads, or one unpacked from a backup). */
export async function findUpload(dir: string, kind: ZealotFileKind, row: ZealotRow, appId: number | null): Promise<ZealotFile> {
  const where = uploadPath(kind, row, appId);
  if ('reason' in where) return { status: 'missing', path: null, reason: where.reason };
  const full = path.join(dir, ...where.path.split('/'));
  try {
    const info = await lstat(full);
    if (!info.isFile()) return { status: 'missing', path: where.path, reason: 'not a regular file' };
    return { status: 'found', path: where.path, size: info.size, open: () => createReadStream(full), remove: () => unlink(full) };
  } catch {
    return { status: 'missing', path: where.path, reason: 'no such file' };
  }
}
