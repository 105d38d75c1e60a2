#!/usr/bin/env node
// The `tarmac` command. Node 22.18+ runs the TypeScript sources directly; older Node is refused
// with a sentence first (the imports are dynamic so that the check runs before any .ts loads).
// Then three settings for the whole process, made before any TypeScript loads (src/main.ts makes
// the same three; bench/footprint.ts measures them):
// - Node's compile cache (in the system's temporary directory, or NODE_COMPILE_CACHE) keeps each
//   module type-stripped and compiled, so a start after the first neither compiles nor loads
//   Node's TypeScript stripper (~20 MB of memory);
// - V8's young generation stays at its initial size instead of growing to 48 MB under load:
//   short-lived garbage is collected sooner, and idle and peak RSS drop by ~40 MB (a single
//   upload alone lets it grow while it streams: src/gc.ts widenYoungGeneration);
// - --expose-gc, so that an upload can ask for a minor collection every 64 MiB it receives: the
//   socket's 64 KiB buffers otherwise pile up outside the heap until V8 collects, several hundred
//   MB for a 1 GiB upload (src/modules/uploads/chunk-memory.ts). Set here, at start, because it is the
//   process's setting; only contexts made afterwards get `gc` (this one and the modules' do not).
// Then V8's Maglev compiler stays off until the server listens (src/tiering.ts).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
require('../../../scripts/require-node.cjs');
const { enableCompileCache } = require('node:module');
const v8 = require('node:v8');
enableCompileCache();
v8.setFlagsFromString('--semi-space-growth-factor=1');
v8.setFlagsFromString('--expose-gc');
const { deferOptimisingCompilers } = await import('../src/tiering.ts');
deferOptimisingCompilers();
await import('../src/cli.ts');
