// No module in packages/server/src may import, directly or around a loop, a module that imports
// it back: a cycle ties two features (or a feature and the policy) together so neither can be
// read, tested or moved alone. helpers/import-cycles.ts finds them; this test runs it on the
// server's sources and, so the check itself is known to work, on a small tree with a cycle.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importCycles } from './helpers/import-cycles.ts';

const SRC = path.resolve(import.meta.dirname, '../src');

describe('import cycles', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'tarmac-cycles-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('packages/server/src has none', () => {
    expect(importCycles(SRC)).toEqual([]);
  });

  it('finds a cycle through a type-only import and a re-export, and ignores test files and comments', () => {
    mkdirSync(path.join(scratch, 'auth'));
    mkdirSync(path.join(scratch, 'users'));
    writeFileSync(path.join(scratch, 'auth/policy.ts'), "import type { Role } from '../users/types.ts';\nexport type Actor = { role: Role };\n");
    writeFileSync(path.join(scratch, 'users/types.ts'), "export { roles } from './roles.ts';\nexport type Role = string;\n");
    writeFileSync(path.join(scratch, 'users/roles.ts'), "import type { Actor } from '../auth/policy.ts';\nexport const roles: Actor[] = [];\n");
    writeFileSync(path.join(scratch, 'users/alone.ts'), "// import { x } from './alone.ts';\nexport const x = 1;\n");
    writeFileSync(path.join(scratch, 'users/types.test.ts'), "import '../auth/policy.ts';\nimport './types.test.ts';\n");
    expect(importCycles(scratch)).toEqual([['auth/policy.ts', 'users/roles.ts', 'users/types.ts']]);
  });

  it('finds a file that imports itself and a dynamic import', () => {
    const dir = path.join(scratch, 'dynamic');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'self.ts'), "import './self.ts';\n");
    writeFileSync(path.join(dir, 'a.ts'), "export const load = () => import('./b.ts');\n");
    writeFileSync(path.join(dir, 'b.ts'), "import { load } from './a.ts';\nexport const again = load;\n");
    expect(importCycles(dir)).toEqual([['a.ts', 'b.ts'], ['self.ts']]);
  });
});
