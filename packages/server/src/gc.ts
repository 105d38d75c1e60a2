// V8's garbage collector, asked for a collection where the server knows better than V8's
// heuristics. The entry points turn on --expose-gc where the process starts (bin/tarmac.js,
// main.ts); only contexts made afterwards get the `gc` function, so it is read from a new
// context, once. Without the flag (an app built inside a test runner) nothing is collected.
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
