// `npm start`: builds the web app if its sources changed, then runs the server.
import { buildWeb } from './build-web.ts';

if (!buildWeb()) {
  console.error('The web app did not build; see the errors above.');
  process.exit(1);
}
await import('../packages/server/src/main.ts');
