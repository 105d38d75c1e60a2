// A Zealot backup archive made the way Zealot::Backup::Manager#dump_all makes it (lib/zealot/backup):
// database.sql.gz = `pg_dump --clean <db> | gzip -c -1`, uploads.tar.gz = `tar --exclude=lost+found
// --exclude=.DS_Store -C public/uploads -cf - . | gzip -c -1`, backup_information.yml (the info Hash's
// to_yaml without its "---" line), packed in that order with `tar -cf`, named
// `{unix}_{YYYYMMDD-HHMM}_{version}_zealot_backup.tar`, and a `.sha256` beside it holding the hex digest.
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { run } from '../debug-files.ts';
import type { ZealotInstallation } from './installation.ts';

export const BACKUP_MEMBERS = ['uploads.tar.gz', 'database.sql.gz', 'backup_information.yml'] as const;

export interface ZealotBackup {
  /** The archive's file name and path, and the path of its `.sha256`. */
  name: string;
  tarPath: string;
  sha256Path: string;
  sha256: string;
  /** backup_information.yml as written into the archive. */
  information: string;
  createdAt: Date;
}

/** The major version of the PostgreSQL server at url (SHOW server_version_num / 10000). */
export async function serverMajor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ server_version_num: string }>('SHOW server_version_num');
    return Math.floor(Number(result.rows[0]!.server_version_num) / 10000);
  } finally {
    await client.end();
  }
}

/**
 * Debian's client program (pg_dump, psql) for a server: /usr/lib/postgresql/<major>/bin, the server's
 * major if installed, else the oldest newer one (pg_dump refuses a server newer than itself).
 */
export function postgresTool(name: 'pg_dump' | 'psql', major: number): string {
  const root = '/usr/lib/postgresql';
  const majors = (existsSync(root) ? readdirSync(root) : [])
    .map(Number)
    .filter((version) => version >= major && existsSync(path.join(root, String(version), 'bin', name)))
    .sort((a, b) => a - b);
  if (majors.length === 0) throw new Error(`no ${name} for PostgreSQL ${major} under ${root}/*/bin (apt-get install postgresql-client)`);
  return path.join(root, String(majors[0]), 'bin', name);
}

/** Runs a shell pipeline with pipefail; arguments are passed as $1, $2… so nothing is quoted by hand. */
function pipeline(script: string, args: string[]): void {
  run('bash', ['-c', `set -euo pipefail; ${script}`, 'bash', ...args]);
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** Ruby's Time#strftime('%s_%Y%m%d-%H%M') in UTC (the official image runs in UTC). */
function timestamp(date: Date): string {
  const day = `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}`;
  return `${Math.floor(date.getTime() / 1000)}_${day}-${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}`;
}

/** Psych's YAML for a Time (`%Y-%m-%d %H:%M:%S.%9N %:z`). */
function yamlTime(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}.${String(date.getUTCMilliseconds()).padStart(3, '0')}000000 +00:00`;
}

/** backup_information.yml: Manager#backup_information.to_yaml with the leading "---\n" removed. */
export function backupInformation(installation: ZealotInstallation, createdAt: Date, pgDump: string): string {
  const tarVersion = run('tar', ['--version']).split('\n')[0]!.trim();
  const pgVersion = run(pgDump, ['-V']).trim();
  return [
    `:zealot_version: ${installation.info.zealotVersion}`,
    `:backup_created_at: ${yamlTime(createdAt)}`,
    // A string of digits: Psych quotes it so that it loads back as a string.
    `:db_version: '${installation.info.schemaVersion}'`,
    `:tar_version: ${tarVersion}`,
    `:pg_version: ${pgVersion}`,
    ':vcs_ref: false',
    ':docker_tag: false',
    '',
  ].join('\n');
}

/** Writes `outDir/{unix}_{YYYYMMDD-HHMM}_{version}_zealot_backup.tar` and its `.sha256`, as Zealot's backup job does. */
export async function makeZealotBackup(installation: ZealotInstallation, outDir: string, createdAt = new Date()): Promise<ZealotBackup> {
  const pgDump = postgresTool('pg_dump', await serverMajor(installation.databaseUrl));
  const work = mkdtempSync(path.join(tmpdir(), 'zealot-backup'));
  try {
    pipeline('"$1" --clean "$2" | gzip -c -1 > "$3"', [pgDump, installation.databaseUrl, path.join(work, 'database.sql.gz')]);
    pipeline('tar --exclude=lost+found --exclude=.DS_Store -C "$1" -cf - . | gzip -c -1 > "$2"', [
      installation.uploadsDir, path.join(work, 'uploads.tar.gz'),
    ]);
    // Zealot opens both with mode 0600 and the tar with 0640 (out: [file, 'w', mode]).
    for (const member of ['database.sql.gz', 'uploads.tar.gz']) chmodSync(path.join(work, member), 0o600);
    const information = backupInformation(installation, createdAt, pgDump);
    writeFileSync(path.join(work, 'backup_information.yml'), information);
    mkdirSync(outDir, { recursive: true });
    const name = `${timestamp(createdAt)}_${installation.info.zealotVersion}_zealot_backup.tar`;
    const tarPath = path.join(outDir, name);
    pipeline('cd "$1"; shift; out="$1"; shift; tar -cf - "$@" > "$out"', [work, tarPath, ...BACKUP_MEMBERS]);
    chmodSync(tarPath, 0o640);
    const sha256 = createHash('sha256').update(readFileSync(tarPath)).digest('hex');
    const sha256Path = `${tarPath}.sha256`;
    writeFileSync(sha256Path, sha256);
    return { name, tarPath, sha256Path, sha256, information, createdAt };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
