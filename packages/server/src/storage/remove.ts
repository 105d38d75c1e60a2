// Removing stored objects after their rows are gone: used wherever apps, schemes, channels,
// releases or debug files are deleted.
import type { Storage } from './storage.ts';

/**
 * Removes stored objects after their rows are gone, a few at a time. Answers the keys whose
 * removal failed (left behind, to be logged); a missing object is not a failure.
 */
export async function removeStoredFiles(storage: Pick<Storage, 'delete'>, keys: string[]): Promise<string[]> {
  const unique = [...new Set(keys)];
  const failed: string[] = [];
  for (let start = 0; start < unique.length; start += 8) {
    const batch = unique.slice(start, start + 8);
    const results = await Promise.allSettled(batch.map((key) => storage.delete(key)));
    results.forEach((result, i) => {
      if (result.status === 'rejected') failed.push(batch[i]!);
    });
  }
  return failed;
}
