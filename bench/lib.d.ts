import type { ChildProcess } from 'node:child_process';
import type { Insertable } from 'kysely';
import type { ReleasesTable } from '../packages/server/src/db/types.ts';
export declare const root: string;
export declare const fixtures: string;
export interface RunningTarmac {
    child: ChildProcess;
    url: string;
    port: number;
    stop(): Promise<void>;
}
/**
 * Starts `node packages/server/src/main.ts` (or `command`, such as the `tarmac serve` of
 * packages/server/bin/tarmac.js) on a free port and waits until /api/health answers.
 */
export declare function startTarmac(env: Record<string, string>, command?: string[]): Promise<RunningTarmac>;
/** Peak resident memory of a running process, in MiB (VmHWM). */
export declare function peakRssMiB(pid: number): number;
/** A memory figure of a running process from /proc/<pid>/status (VmRSS, VmHWM, RssAnon, RssFile), in MiB. */
export declare function statusMiB(pid: number, field: 'VmRSS' | 'VmHWM' | 'RssAnon' | 'RssFile'): number;
/**
 * Writes a copy of the zip `source` with a `size`-byte stored entry in front of its entries,
 * as a sparse file: the payload is a hole, so making it costs no time or disk, yet it reads
 * as `size` real bytes. The central directory points at the shifted original entries.
 */
export declare function makeHugeZip(source: string, target: string, size: number, entryName?: string): void;
/** CPU seconds (user + system, every thread) a process has used so far, from /proc/<pid>/stat. */
export declare function processCpu(pid: number): number;
export interface CurlUpload {
    seconds: number;
    /** The request body's size (the multipart form), in bytes. */
    bytes: number;
    /** curl's own CPU time (user + system), in seconds. */
    curlCpu: number;
    body: string;
}
/** One curl upload (`args`: its form and URL); the answer must be 201 and goes to `answerFile`. */
export declare function curlUpload(args: string[], answerFile: string): CurlUpload;
/** Runs a Node script that prints its port on its first line of output; answers the process and port. */
export declare function startScript(file: string, env?: Record<string, string>): Promise<{
    child: ChildProcess;
    port: number;
}>;
/**
 * Makes an API token for the admin of the Tarmac on `dataDir`, and an Android channel (through
 * a first, small upload without a channel key); answers both, for `POST /api/apps/upload`.
 */
export declare function uploadTarget(tarmac: RunningTarmac, dataDir: string): {
    token: string;
    channelKey: string;
};
/** Runs wrk and answers requests per second. */
export declare function wrk(url: string, seconds: number, connections?: number, threads?: number): number;
export interface SeedOptions {
    releases: number;
    slug: string;
    channelKey: string;
    gitUrl?: string | null;
    /** Fields of release number `version` that differ from the plain defaults. */
    release?: (version: number) => Partial<Insertable<ReleasesTable>>;
}
/**
 * Creates the schema in `dataDir` and one app, scheme and Android channel holding `releases`
 * builds (versions 1.<n/100>.<n%100> (n)), written through the real schema in batches.
 * Answers the channel's id and its newest release's id.
 */
export declare function seedChannel(dataDir: string, options: SeedOptions): Promise<{
    channelId: number;
    newestReleaseId: number;
}>;
