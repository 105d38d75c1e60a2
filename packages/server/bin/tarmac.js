#!/usr/bin/env node
// The `tarmac` command. Node 22.18+ runs the TypeScript sources directly; older Node is refused
// with a sentence first (the imports are dynamic so that the check runs before any .ts loads).
// Then two settings for the whole process, made before any TypeScript loads (src/main.ts makes
// the same two; bench/footprint.ts measures them):
// - Node's compile cache (in the system's temporary directory, or NODE_COMPILE_CACHE) keeps each
//   module type-stripped and compiled, so a start after the first neither compiles nor loads
//   Node's TypeScript stripper (~20 MB of memory);
// - V8's young generation stays at its initial size instead of growing to 48 MB under load:
//   short-lived garbage is collected sooner, and idle and peak RSS drop by ~40 MB.
// Then V8's Maglev compiler stays off until the server listens (src/tiering.ts).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
require('../../../scripts/require-node.cjs');
const { enableCompileCache } = require('node:module');
const v8 = require('node:v8');
enableCompileCache();
v8.setFlagsFromString('--semi-space-growth-factor=1');
const { deferOptimisingCompilers } = await import('../src/tiering.ts');
deferOptimisingCompilers();
await import('../src/cli.ts');
