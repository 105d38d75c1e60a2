// Process entry for `npm start`: configuration, then the server.
import { ConfigError, loadConfig } from './config.ts';
import { serve } from './server.ts';

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
