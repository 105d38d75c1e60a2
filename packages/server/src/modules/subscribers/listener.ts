// The subscribers' listener (events/listeners.ts): an upload to a channel whose scheme announces
// new builds (new_build_callout) queues one `mail.new-build` job per active subscriber. The
// subscriber_mails row comes first, unique per (subscriber, event): hearing the event twice
// queues nothing new; a row still queued (a dispatch that stopped half-way) is queued again
// under the same dedupe key. Without mail configured nothing is queued (said once in the log).
import type { TarmacEvent } from '../../events/types.ts';
import type { JobDeps } from '../../jobs/deps.ts';
import { createSubscribersRepository } from './repository.ts';
import { NEW_BUILD_MAIL_JOB } from './service.ts';
import type { NewBuildMailPayload } from './types.ts';

let toldNoMail = false;

/** A Listener (events/listeners.ts, which loads this file: typed here by hand, not imported, to keep imports acyclic). */
export async function subscribersListener(event: TarmacEvent, deps: JobDeps): Promise<void> {
  if (event.kind !== 'upload') return;
  if (!deps.config.mail) {
    if (!toldNoMail) deps.log.info({}, 'Channel subscribers are not mailed: TARMAC_SMTP_URL is not set');
    toldNoMail = true;
    return;
  }
  const repository = createSubscribersRepository(deps.database.db);
  const release = await repository.releaseForMail(event.releaseId);
  if (!release || !release.new_build_callout) return;
  const queued = await repository.queueMails(release.channel_id, event.id, deps.clock.now());
  for (const row of queued) {
    const payload: NewBuildMailPayload = { mailId: row.id, releaseId: release.id, baseUrl: event.baseUrl };
    await deps.queue.enqueue(NEW_BUILD_MAIL_JOB, payload, { dedupeKey: `subscriber-mail:${row.id}` });
  }
}
