// Writes Tarmac's icon files (packages/server/src/modules/icons/files) from the mark defined
// in packages/server/src/modules/icons/mark.ts: `node scripts/icons.ts` after changing it.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ICONS_DIR, iconFiles } from '../packages/server/src/modules/icons/mark.ts';

mkdirSync(ICONS_DIR, { recursive: true });
for (const [name, bytes] of Object.entries(iconFiles())) {
  writeFileSync(path.join(ICONS_DIR, name), bytes);
  console.log(`${name}: ${bytes.length} bytes`);
}
