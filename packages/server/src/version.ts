// What /api/version reports. Release builds set TARMAC_VCS_REF and TARMAC_BUILD_DATE; a
// source checkout falls back to git, and then to "unknown" and the start time.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface VersionInfo {
  version: string;
  vcsRef: string;
  buildDate: string;
}

const packageDir = path.resolve(import.meta.dirname, '..');

function git(args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd: packageDir, timeout: 2000, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim() || undefined;
  } catch {
    return undefined;
  }
}

export function readVersionInfo(build: { vcsRef?: string | undefined; buildDate?: string | undefined }): VersionInfo {
  const pkg = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  return {
    version: pkg.version,
    vcsRef: build.vcsRef ?? git(['rev-parse', 'HEAD']) ?? 'unknown',
    buildDate: build.buildDate ?? git(['log', '-1', '--format=%cI']) ?? new Date().toISOString(),
  };
}
