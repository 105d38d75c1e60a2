// V8's optimising compilers (Maglev, TurboFan) while the server starts. Loading ~1,500 modules
// makes the module loader's own functions hot, and compiling them optimised pages in both
// compilers' machine code (~5 MB of the node binary) and leaves their memory behind (~6 MB):
// an idle server held ~11 MB for code that ran once. The entry points turn the two compilers
// off before the modules load (startup is no slower: nothing optimised there pays back), and
// serve() turns them on again once the server listens, so requests are optimised as before.
// Measured with bench/footprint.ts: idle RSS 101 → 90 MB.
// A process started with its own tiering flags (NODE_OPTIONS or node's arguments) keeps them.
import v8 from 'node:v8';

const OWN_TIERING = /--(no-)?(maglev|turbofan|opt)\b|--max-opt|--jitless|--lite-mode/;
let deferred = false;

/** Turns Maglev and TurboFan off until resumeOptimisingCompilers(). */
export function deferOptimisingCompilers(): void {
  if (OWN_TIERING.test([...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' '))) return;
  v8.setFlagsFromString('--no-maglev');
  v8.setFlagsFromString('--no-turbofan');
  deferred = true;
}

/** Turns the compilers deferOptimisingCompilers() turned off on again. */
export function resumeOptimisingCompilers(): void {
  if (!deferred) return;
  v8.setFlagsFromString('--maglev');
  v8.setFlagsFromString('--turbofan');
  deferred = false;
}
