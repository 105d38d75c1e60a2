// Writes docs/configuration.md from the variable list in packages/server/src/config-reference.ts.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderConfigurationReference } from '../packages/server/src/config-reference.ts';

const target = path.resolve(import.meta.dirname, '..', 'docs', 'configuration.md');
writeFileSync(target, renderConfigurationReference());
console.log(`wrote ${path.relative(process.cwd(), target)}`);
