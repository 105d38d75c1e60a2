// What every job handler and event listener is given. Handlers make the repositories they use
// from `database` (cheap), so this file depends on nothing above the parts.
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Storage } from '../storage/storage.ts';
import type { JobQueue } from './types.ts';

export interface JobLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface JobDeps {
  config: Config;
  database: DatabaseHandle;
  queue: JobQueue;
  clock: Clock;
  mailer: Mailer;
  storage: Storage;
  log: JobLog;
}
