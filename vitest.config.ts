// Three suites (Vitest projects), each runnable alone: `npm test -- --project http`, or
// `npx vitest run --project unit`. Which files each holds is in scripts/test-suites.ts.
import { defineConfig } from 'vitest/config';
import { SUITE_NAMES, SUITES } from './scripts/test-suites.ts';

const POLL = { poll: { timeout: 10_000 } };

export default defineConfig({
  test: {
    // Once per run, before any suite: migrates the template database every test server copies.
    globalSetup: ['packages/server/test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits up to 10 s (Vitest's default is 1 s): a screen or a job on a busy CI machine
    // (two cores, suites in parallel) may take longer to show what a test waits for.
    expect: POLL,
    // Two cores here; each HTTP test file starts its own server and database.
    maxWorkers: 2,
    projects: SUITE_NAMES.map((name) => ({ test: { name, include: SUITES[name].include, exclude: SUITES[name].exclude, expect: POLL } })),
  },
});
