#!/usr/bin/env node
// The `tarmac` command. Node 22.18+ runs the TypeScript sources directly; older Node is refused
// with a sentence first (the import is dynamic so that the check runs before the .ts loads).
import { createRequire } from 'node:module';

createRequire(import.meta.url)('../../../scripts/require-node.cjs');
await import('../src/cli.ts');
