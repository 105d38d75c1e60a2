#!/usr/bin/env node
// The `tarmac` command. Node 22.18+ and 24 run the TypeScript sources directly.
// Two settings for the whole process, made before any TypeScript loads (src/main.ts makes the
// same two; bench/footprint.ts measures them):
// - Node's compile cache (in the system's temporary directory, or NODE_COMPILE_CACHE) keeps each
//   module type-stripped and compiled, so a start after the first neither compiles nor loads
//   Node's TypeScript stripper (~20 MB of memory);
// - V8's young generation stays at its initial size instead of growing to 48 MB under load:
//   short-lived garbage is collected sooner, and idle and peak RSS drop by ~40 MB.
import { enableCompileCache } from 'node:module';
import v8 from 'node:v8';

enableCompileCache();
v8.setFlagsFromString('--semi-space-growth-factor=1');
await import('../src/cli.ts');
