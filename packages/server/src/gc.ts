// V8's garbage collector, asked for a collection where the server knows better than V8's
// heuristics. The entry points turn on --expose-gc where the process starts (bin/tarmac.js,
// main.ts); only contexts made afterwards get the `gc` function, so it is read from a new
// context, once. Without the flag (an app built inside a test runner) nothing is collected.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Gc = (options?: { type: 'minor' | 'major' }) => void;
let gc: Gc | null | undefined;

function gcFunction(): Gc | null {
  // Without the flag the name is not defined at all: asked with typeof, not read.
  gc ??= (runInNewContext('typeof gc === "function" ? gc : null') as Gc | null) ?? null;
  return gc;
}

/**
 * A collection of the given kind, if the process allows it: `minor` for an upload every 64 MiB
 * (modules/uploads/receive.ts), `major` once the server listens (server.ts), so that the garbage
 * of start-up (route schemas compiled, the OpenAPI document built, migrations read) is not
 * carried while idle. Without the major one an idle server kept ~5 MB more (bench/footprint.ts):
 * V8's memory reducer does not run when nothing is allocated after start.
 */
export function collectGarbage(type: 'minor' | 'major'): void {
  gcFunction()?.({ type });
}

let uploads = 0;
let wide = false;

/** The young generation's growth factor for the uploads running now: V8's default for one alone, 1 otherwise. */
function setYoungGrowth(): void {
  if (wide === (uploads === 1)) return;
  wide = uploads === 1;
  setFlagsFromString(`--semi-space-growth-factor=${wide ? 2 : 1}`);
}

/**
 * Lets V8's young generation grow while a single upload streams; answers the function to call
 * when it ends. The entry points keep the young generation at its initial size
 * (--semi-space-growth-factor=1, bin/tarmac.js explains why), but an upload allocates ~100 MB
 * of short-lived objects per GiB (the body's async iteration, per 64 KiB chunk), which in a
 * young generation that small was ~140 scavenges per GiB: 0.25 CPU-s more per 1 GiB upload,
 * mostly on V8's helper threads (1.74 against 1.49 CPU-s, curl's included, bench/upload.ts's
 * layout). With several uploads at once the factor stays 1: letting it grow then raised the peak
 * of bench/footprint.ts's ten concurrent uploads from 225 to 245 MiB (target 250). Once the
 * upload ends the factor is 1 again, and V8's memory reducer shrinks what grew. Only where the
 * entry points set the factor, which they do together with --expose-gc: in a process without
 * `gc` (an app built inside a test runner) V8's own setting is left alone.
 */
export function widenYoungGeneration(): () => void {
  if (!gcFunction()) return () => undefined;
  uploads++;
  setYoungGrowth();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    uploads--;
    setYoungGrowth();
  };
}
