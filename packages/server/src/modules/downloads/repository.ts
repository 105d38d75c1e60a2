// SQL of the download counters: one atomic increment per completed download or install, in
// the database (`count + 1`), so parallel downloads on any number of instances all count.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

export function createDownloadsRepository(db: Kysely<Database>) {
  return {
    /** Adds one to releases.download_count; a deleted release changes nothing. */
    async countDownload(releaseId: number): Promise<void> {
      await db.updateTable('releases').set({ download_count: sql<number>`download_count + 1` }).where('id', '=', releaseId).execute();
    },

    /** Adds one to releases.install_count. */
    async countInstall(releaseId: number): Promise<void> {
      await db.updateTable('releases').set({ install_count: sql<number>`install_count + 1` }).where('id', '=', releaseId).execute();
    },
  };
}

export type DownloadsRepository = ReturnType<typeof createDownloadsRepository>;
