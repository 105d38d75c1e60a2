// Process entry for `npm start`: configuration, then the server.
import { enableCompileCache } from 'node:module';
import v8 from 'node:v8';

// The same three process settings as bin/tarmac.js (which explains them), made before the
// server's modules load: Node's compile cache, a young generation that does not grow, and
// --expose-gc for the minor collections uploads ask for (modules/uploads/chunk-memory.ts).
enableCompileCache();
v8.setFlagsFromString('--semi-space-growth-factor=1');
v8.setFlagsFromString('--expose-gc');
// V8's Maglev compiler off until the server listens (tiering.ts).
const { deferOptimisingCompilers } = await import('./tiering.ts');
deferOptimisingCompilers();
const { ConfigError, loadConfig } = await import('./config.ts');
const { serve } = await import('./server.ts');

try {
  await serve(loadConfig());
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Tarmac could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
}
