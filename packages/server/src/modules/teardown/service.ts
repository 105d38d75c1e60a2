// Teardown: read any app or debug file and say what is inside, storing nothing. The file is
// the caller's temporary upload; the route removes it whatever happens here.
import { inspect, isAppInfoError, toWire } from '@tarmac/appinfo';
import { can, forbidden } from '../../auth/policy.ts';
import type { Actor } from '../../auth/policy.ts';
import { fieldIssue, ValidationError } from '../../errors.ts';

export function createTeardownService() {
  function assertCanInspect(actor: Actor): void {
    if (!can(actor, 'files:inspect')) throw forbidden('files:inspect');
  }

  return {
    /** Refuses a caller who may not inspect files, before a byte of the upload is read. */
    assertCanInspect,

    /** What the parser reads in the file, as the appinfo CLI prints it (snake_case JSON). */
    async inspect(actor: Actor, filePath: string): Promise<Record<string, unknown>> {
      assertCanInspect(actor);
      try {
        return toWire(await inspect(filePath)) as Record<string, unknown>;
      } catch (error) {
        // The parser's own sentence, and its code for clients that match on it.
        if (isAppInfoError(error)) {
          const issue = fieldIssue('file_unreadable', `${error.code}: ${error.message}`, { reason: error.code });
          throw new ValidationError({ file: [issue] }, error.message, 'file.unreadable', { reason: error.code });
        }
        throw error;
      }
    },
  };
}

export type TeardownService = ReturnType<typeof createTeardownService>;
