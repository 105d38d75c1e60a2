// V8's Maglev compiler while the server starts. Loading ~1,500 modules makes the module
// loader's own functions hot, and compiling them with Maglev pages in its machine code (part of
// the node binary) and leaves its memory behind: an idle server held ~5 MB for code that ran
// once. The entry points turn Maglev off before the modules load (start-up is no slower), and
// serve() turns it on again once the server listens, so requests are optimised as before.
// TurboFan stays on: deferring it too saved ~7 MB more at idle but raised the peak under
// uploads by ~20 MB (it then compiled the start-up's hot code during the first burst).
// Measured with bench/footprint.ts: idle RSS ~102 → ~98 MB, peak under uploads unchanged.
// A process started with its own tiering flags (NODE_OPTIONS or node's arguments) keeps them.
import v8 from 'node:v8';

const OWN_TIERING = /--(no-)?(maglev|turbofan|opt)\b|--max-opt|--jitless|--lite-mode/;
let deferred = false;

/** Turns Maglev off until resumeOptimisingCompilers(). */
export function deferOptimisingCompilers(): void {
  if (OWN_TIERING.test([...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' '))) return;
  v8.setFlagsFromString('--no-maglev');
  deferred = true;
}

/** Turns Maglev on again, if deferOptimisingCompilers() turned it off. */
export function resumeOptimisingCompilers(): void {
  if (!deferred) return;
  v8.setFlagsFromString('--maglev');
  deferred = false;
}
