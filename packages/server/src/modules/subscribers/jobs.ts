// The mails of channel subscribers, as jobs (loaded on their first run, jobs/handlers.ts):
//   mail.subscriber  the confirmation link of the install page's form, or the welcome of an
//                    address the team added;
//   mail.new-build   one new build to one subscriber (a subscriber_mails row).
// Each re-reads the rows (a subscriber who left meanwhile gets nothing). A failure that may
// pass (the server down, a timeout, a 4xx answer) throws, so the queue tries again later; one
// that will not (the recipient refused) is recorded and not tried again.
import type { JobDeps } from '../../jobs/deps.ts';
import type { JobContext, JobPayload } from '../../jobs/types.ts';
import type { MailMessage, MailResult } from '../../mail/mailer.ts';
import { newBuildMail, subscribeConfirmMail, subscribedByTeamMail } from '../../mail/messages.ts';
import { CONFIRM_HOURS, createSubscriberTokens, subscriberLinks } from './fns.ts';
import { createSubscribersRepository } from './repository.ts';
import type { NewBuildMailPayload, SubscriberMailPayload } from './types.ts';

function failureText(result: MailResult): string {
  return result.ok ? '' : `${result.failure}: ${result.message}`.slice(0, 1000);
}

/** The changelog's messages, one per line (the stored JSON list of entries). */
function changelogText(stored: string): string | undefined {
  try {
    const entries: unknown = JSON.parse(stored);
    if (!Array.isArray(entries)) return undefined;
    const lines = entries.map((entry) => (entry && typeof entry === 'object' ? (entry as { message?: unknown }).message : undefined));
    return lines.filter((line): line is string => typeof line === 'string' && line.trim() !== '').join('\n') || undefined;
  } catch {
    return undefined;
  }
}

export async function sendSubscriberMail(payload: JobPayload, _context: JobContext, deps: JobDeps): Promise<void> {
  const { subscriberId, kind, baseUrl } = payload as SubscriberMailPayload;
  const repository = createSubscribersRepository(deps.database.db);
  const row = await repository.find(subscriberId);
  if (!row || (kind === 'confirm' && (row.state !== 'pending' || row.confirm_expires_at === null))) return;
  const channel = await repository.channelForMail(row.channel_id);
  if (!channel) return;
  const tokens = createSubscriberTokens(deps.config.secretKey);
  const links = subscriberLinks(baseUrl, channel.slug);
  const names = { locale: row.locale, appName: channel.app_name, channelName: channel.channel_name };
  let message: MailMessage;
  if (kind === 'confirm') {
    const confirmUrl = links.confirm(tokens.confirm({ ...row, confirm_expires_at: row.confirm_expires_at! }));
    message = { to: row.email, ...subscribeConfirmMail({ ...names, confirmUrl, expiresHours: CONFIRM_HOURS }) };
  } else {
    const unsubscribeUrl = links.unsubscribe(tokens.unsubscribe(row));
    const addedBy = (await repository.usernameOf(row.added_by)) ?? 'Tarmac';
    const built = subscribedByTeamMail({ ...names, addedBy, pageUrl: links.page, unsubscribeUrl });
    message = { to: row.email, ...built, listUnsubscribe: unsubscribeUrl };
  }
  const result = await deps.mailer.send(message);
  if (result.ok) return;
  if (result.retryable) throw new Error(`The ${kind} mail to subscriber ${row.id} was not sent: ${failureText(result)}`);
  deps.log.warn({ subscriber: row.id, kind, failure: result.failure }, 'A subscriber mail was refused; it is not tried again');
}

export async function sendNewBuildMail(payload: JobPayload, context: JobContext, deps: JobDeps): Promise<void> {
  const { mailId, releaseId, baseUrl } = payload as NewBuildMailPayload;
  const repository = createSubscribersRepository(deps.database.db);
  const mail = await repository.findMail(mailId);
  if (!mail || mail.state !== 'queued') return; // sent already, or the subscriber left (the row went with them)
  const subscriber = await repository.find(mail.subscriber_id);
  const release = await repository.releaseForMail(releaseId);
  if (!subscriber || subscriber.state !== 'active' || !release) {
    await repository.recordAttempt(mail.id, { state: 'failed', error: release ? 'The subscriber left' : 'The build was deleted', sentAt: null });
    return;
  }
  const links = subscriberLinks(baseUrl, release.slug);
  const unsubscribeUrl = links.unsubscribe(createSubscriberTokens(deps.config.secretKey).unsubscribe(subscriber));
  const built = newBuildMail({
    locale: subscriber.locale,
    appName: release.app_name,
    channelName: release.channel_name,
    version: release.release_version ?? `#${release.version}`,
    ...(release.build_version ? { buildVersion: release.build_version } : {}),
    installUrl: links.release(release.id),
    changelog: changelogText(release.changelog),
    unsubscribeUrl,
  });
  const result = await deps.mailer.send({ to: subscriber.email, ...built, listUnsubscribe: unsubscribeUrl });
  if (result.ok) {
    await repository.recordAttempt(mail.id, { state: 'sent', error: null, sentAt: deps.clock.now() });
    return;
  }
  const again = result.retryable && context.attempt < context.maxAttempts;
  await repository.recordAttempt(mail.id, { state: again ? 'queued' : 'failed', error: failureText(result), sentAt: null });
  if (again) throw new Error(`The new-build mail ${mail.id} was not sent: ${failureText(result)}`);
}
