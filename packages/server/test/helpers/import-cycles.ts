// Finds import cycles among a folder's TypeScript files: every relative `import … from`,
// `export … from`, side-effect `import '…'` and `import('…')`, type-only imports included (a
// type cycle still ties two modules together). Run by packages/server/test/import-cycles.test.ts;
// `node packages/server/test/helpers/import-cycles.ts packages/server/src` prints the cycles it finds.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)'(\.{1,2}\/[^']+)'/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The relative imports of each file under `dir`, as paths relative to `dir`. */
export function importGraph(dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(dir)) {
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
    const targets = new Set<string>();
    for (const match of text.matchAll(SPECIFIER)) {
      targets.add(path.relative(dir, path.resolve(path.dirname(file), match[1]!)));
    }
    graph.set(path.relative(dir, file), [...targets].sort());
  }
  return graph;
}

/** Every cycle, as the files of one strongly connected component (Tarjan), each sorted. */
export function importCycles(dir: string): string[][] {
  const graph = importGraph(dir);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles;
}

if (import.meta.main) {
  const dir = path.resolve(process.argv[2] ?? 'packages/server/src');
  const cycles = importCycles(dir);
  for (const cycle of cycles) console.log(`cycle: ${cycle.join(' ↔ ')}`);
  console.log(cycles.length === 0 ? `no import cycles in ${dir}` : `${cycles.length} import cycle(s) in ${dir}`);
  process.exitCode = cycles.length === 0 ? 0 : 1;
}
