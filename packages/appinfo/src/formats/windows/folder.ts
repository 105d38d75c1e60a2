// A Windows app shipped as a zip of its folder: the program's .exe beside its .dll files and
// resources, zipped as is (`App.exe`, `App.dll`, `resources/…`) or with the folder itself at
// the top (`App-1.2/App.exe` …). The app-info gem Zealot uses reads such a zip as a Windows
// app (format `pe`) from its first `*.exe`; here the main executable is chosen by a rule:
//
//   - the top: the zip's own top level when it holds files, else the single folder that
//     holds everything (a zip of a folder); folders below the top are never searched;
//   - the .exe files at the top, less obvious helpers (uninstallers, crash handlers, Squirrel's
//     Update.exe, Chromium's notification_helper.exe …);
//   - one left: it; several: the one named like the folder ("MyApp/MyApp.exe", or
//     "MyApp-1.2-win64/MyApp.exe"); otherwise the zip is refused as ambiguous, naming them.
//
// That executable is read exactly as a bare .exe (pe.ts): version resource, icon, headers.
// Stored entries are read in place; a deflated one through a window that re-inflates from the
// start on a miss, so memory stays at one window and the inflated bytes are bounded.
import { AppInfoError } from '../../errors.ts';
import type { RandomAccessReader } from '../../io/reader.ts';
import type { InfoOf } from '../../types.ts';
import { inflatedWindowReader } from '../../zip/window-reader.ts';
import type { ZipArchive, ZipEntry } from '../../zip/zip.ts';
import type { FormatParser, ParseContext, Parsed } from '../parser.ts';
import type { ExeDetails, ExeInfo } from './pe.ts';
import { parsePe } from './pe.ts';

/** More .exe files than this at the top is not one app's folder. */
export const MAX_TOP_EXES = 64;
/** Names of top-level .dll files listed in the details. */
const MAX_DLLS_LISTED = 200;
/** A deflated main executable larger than this is refused (store it in the zip instead). */
export const MAX_DEFLATED_EXE_BYTES = 512 * 1024 * 1024;
/** Inflated bytes kept per window, and the number of times a deflated entry may be re-inflated. */
const WINDOW = 4 * 1024 * 1024;
const MAX_INFLATE_PASSES = 6;
/** An entry that inflates more than this many times its compressed size is a bomb. */
const BOMB_RATIO = 1000;

const HELPER = /^(unins\d*|uninstall(er)?|.*crash_?handler(64)?|crashpad_handler|notification_helper|update|squirrel|elevate|vc_?redist\.(x86|x64|arm64)|dxsetup)\.exe$/i;

export interface WindowsAppDetails extends ExeDetails {
  /** The folder the zip holds everything in ("MyApp-1.2"), or null when the files are at its top. */
  folder: string | null;
  /** The main executable's path inside the zip. */
  executable: string;
  executableSize: number;
  /** Other .exe files at the top, beside the main one. */
  otherExecutables: string[];
  /** The .dll files at the top (at most 200 names). */
  dlls: string[];
  /** Files in the zip, folders not counted. */
  fileCount: number;
}

export type WindowsAppInfo = InfoOf<'windows_app', WindowsAppDetails>;

function isJunk(name: string): boolean {
  return name.startsWith('__MACOSX/') || name.split('/').some((part) => part.startsWith('._'));
}

interface Top {
  /** '' or 'Folder/'. */
  prefix: string;
  files: ZipEntry[];
}

/** The top of the app: the zip's top level when it holds files, else its single folder. */
function topOf(zip: ZipArchive): Top {
  const files = zip.entries.filter((entry) => !entry.isDirectory && !isJunk(entry.name));
  if (files.length === 0 || files.some((entry) => !entry.name.includes('/'))) return { prefix: '', files };
  const first = files[0]!.name.slice(0, files[0]!.name.indexOf('/') + 1);
  return files.every((entry) => entry.name.startsWith(first)) ? { prefix: first, files } : { prefix: '', files };
}

function atTop(top: Top, pattern: RegExp): ZipEntry[] {
  return top.files.filter((entry) => {
    const rest = entry.name.slice(top.prefix.length);
    return entry.name.startsWith(top.prefix) && !rest.includes('/') && pattern.test(rest);
  });
}

const baseName = (entry: ZipEntry) => entry.name.slice(entry.name.lastIndexOf('/') + 1);
const stem = (entry: ZipEntry) => baseName(entry).replace(/\.exe$/i, '');

/** True when the zip holds an .exe at its top (or at the top of its single folder). */
export function hasTopExe(zip: ZipArchive): boolean {
  return atTop(topOf(zip), /\.exe$/i).length > 0;
}

/** The main executable of a zipped Windows app folder, with the top it was found in; see the header comment. */
export function chooseMainExe(zip: ZipArchive): { main: ZipEntry; top: Top; exes: ZipEntry[] } {
  const top = topOf(zip);
  const exes = atTop(top, /\.exe$/i);
  const where = top.prefix === '' ? 'at the top of the zip' : `in its folder "${top.prefix.slice(0, -1)}"`;
  if (exes.length === 0) throw new AppInfoError('missing_entry', `No .exe ${where}; a zipped Windows app must have its program at the top of the zip or of its one folder`);
  if (exes.length > MAX_TOP_EXES) {
    throw new AppInfoError('limit_exceeded', `The zip holds ${exes.length} .exe files ${where}, more than the ${MAX_TOP_EXES} of one app folder; upload the app's folder alone`);
  }
  const programs = exes.filter((entry) => !HELPER.test(baseName(entry)));
  const pool = programs.length > 0 ? programs : exes;
  if (pool.length === 1) return { main: pool[0]!, top, exes };
  const folder = top.prefix.slice(0, -1).toLowerCase();
  if (folder !== '') {
    const exact = pool.filter((entry) => stem(entry).toLowerCase() === folder);
    if (exact.length === 1) return { main: exact[0]!, top, exes };
    // "MyApp-1.2.0-win-x64/MyApp.exe": the folder's name starts with the program's, then a separator.
    const prefixed = pool.filter((entry) => {
      const name = stem(entry).toLowerCase();
      return folder.startsWith(name) && /^[\s._-]/.test(folder.slice(name.length));
    });
    if (prefixed.length === 1) return { main: prefixed[0]!, top, exes };
  }
  const names = pool.slice(0, 10).map((entry) => `"${baseName(entry)}"`).join(', ');
  throw new AppInfoError(
    'missing_entry',
    `The zip holds ${pool.length} programs ${where} (${names}${pool.length > 10 ? ' …' : ''}) and none is named like the folder, so the app's main executable is unknown; zip the app's folder with the main .exe named as the folder`,
  );
}

/** Random access to a deflated entry through a re-inflated window (see the header comment). */
function windowReader(zip: ZipArchive, entry: ZipEntry): RandomAccessReader {
  const size = entry.uncompressedSize;
  let passes = 0;
  return inflatedWindowReader(zip, entry, (offset, end) => {
    if (++passes > MAX_INFLATE_PASSES) {
      throw new AppInfoError(
        'limit_exceeded',
        `Reading "${entry.name}" would inflate it more than ${MAX_INFLATE_PASSES} times; store the .exe uncompressed in the zip`,
      );
    }
    // Start a little before the miss: the resource tree is walked mostly forward, with some
    // steps back (names, data entries).
    const start = Math.max(0, offset - WINDOW / 4);
    return { start, length: Math.min(size - start, Math.max(end - start, WINDOW)) };
  });
}

async function entryReader(zip: ZipArchive, entry: ZipEntry): Promise<RandomAccessReader> {
  const stored = await zip.storedReader(entry);
  if (stored) return stored;
  if (entry.compressedSize > 0 && entry.uncompressedSize / entry.compressedSize > BOMB_RATIO && entry.uncompressedSize > WINDOW) {
    throw new AppInfoError('zip_bomb', `The zip entry "${entry.name}" declares ${entry.uncompressedSize} bytes from ${entry.compressedSize} compressed bytes (a zip bomb?); refusing to read it`);
  }
  if (entry.uncompressedSize > MAX_DEFLATED_EXE_BYTES) {
    throw new AppInfoError('limit_exceeded', `The compressed program "${entry.name}" is ${entry.uncompressedSize} bytes, more than the ${MAX_DEFLATED_EXE_BYTES} read from a deflated entry; store it uncompressed in the zip`);
  }
  return windowReader(zip, entry);
}

export async function parseWindowsApp(zip: ZipArchive, size: number): Promise<Parsed<WindowsAppInfo>> {
  const { main, top, exes } = chooseMainExe(zip);
  let parsed: Parsed;
  try {
    parsed = await parsePe(await entryReader(zip, main));
  } catch (error) {
    if (error instanceof AppInfoError) throw new AppInfoError(error.code, `In "${main.name}": ${error.message}`, { cause: error });
    throw error;
  }
  const exe = parsed.info as ExeInfo;
  const info: WindowsAppInfo = {
    ...exe,
    format: 'windows_app',
    size,
    details: {
      ...exe.details,
      folder: top.prefix === '' ? null : top.prefix.slice(0, -1),
      executable: main.name,
      executableSize: main.uncompressedSize,
      otherExecutables: exes.filter((entry) => entry !== main).map((entry) => entry.name),
      dlls: atTop(top, /\.dll$/i).slice(0, MAX_DLLS_LISTED).map(baseName),
      fileCount: top.files.length,
    },
  };
  return { info, loadIcon: parsed.loadIcon, release: parsed.release };
}

export const windowsAppParser: FormatParser = {
  format: 'windows_app',
  container: 'zip',
  match: (ctx: ParseContext) => ctx.zip !== null && hasTopExe(ctx.zip),
  parse: (ctx: ParseContext) => parseWindowsApp(ctx.zip!, ctx.reader.size),
};
