// `npm start`: builds the web app if its sources changed, then runs the server. Plain
// JavaScript, so it can turn on Node's compile cache before any TypeScript loads (see
// packages/server/bin/tarmac.js): a start after the first never loads Node's type stripper.
import { enableCompileCache } from 'node:module';
import process from 'node:process';

enableCompileCache();
const { buildWeb } = await import('./build-web.ts');
if (!buildWeb()) {
  process.stderr.write('The web app did not build; see the errors above.\n');
  process.exit(1);
}
await import('../packages/server/src/main.ts');
