#!/usr/bin/env node
// The `appinfo` command. Node 22.18+ and 24 run the TypeScript sources directly.
import '../src/cli.ts';
