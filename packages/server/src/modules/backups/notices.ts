// What a failed backup run tells people: a JSON POST to the plan's `notify_url` (through the same
// outbound guard as webhooks: private and loopback addresses only when TARMAC_WEBHOOK_ALLOW_PRIVATE
// or TARMAC_WEBHOOK_ALLOW_ADDRESSES allow them; the webhook timeout), and a mail to every active
// administrator when mail is configured, each in their language. A notice that fails is logged;
// it never changes the run's result.
import type { JobDeps } from '../../jobs/deps.ts';
import { oneLine } from '../../mail/mailer.ts';
import { compose } from '../../mail/messages.ts';
import type { BuiltMail, MailLocale } from '../../mail/messages.ts';
import { send } from '../../webhooks/outbound.ts';

export interface FailedRun {
  plan: { id: number | null; name: string; notify_url: string | null };
  run: { id: number; trigger: string };
  error: string;
}

const FAILED = {
  en: {
    subject: (plan: string) => `Tarmac backup failed: ${plan}`,
    intro: (plan: string, run: number) => `Run ${run} of the backup plan ${plan} failed.`,
    reason: (error: string) => `Reason: ${error}`,
    open: 'Open the backups',
  },
  'zh-CN': {
    subject: (plan: string) => `Tarmac 备份失败：${plan}`,
    intro: (plan: string, run: number) => `备份计划 ${plan} 的第 ${run} 次运行失败。`,
    reason: (error: string) => `原因：${error}`,
    open: '打开备份页面',
  },
};

/** "Backup failed": the plan, the run, the reason, a link to the runs. */
export function backupFailedMail(locale: MailLocale, failed: FailedRun, url: string): BuiltMail {
  const t = FAILED[locale];
  const plan = oneLine(failed.plan.name);
  return compose(locale, t.subject(plan), [t.intro(plan, failed.run.id), t.reason(oneLine(failed.error)), { url, label: t.open }]);
}

async function post(deps: JobDeps, failed: FailedRun, url: string, at: string): Promise<void> {
  const body = JSON.stringify({
    event: 'backup.failed',
    plan: { id: failed.plan.id, name: failed.plan.name },
    run: { id: failed.run.id, trigger: failed.run.trigger },
    error: failed.error,
    at,
    url,
  });
  const { webhookAllowPrivate: allowPrivate, webhook } = deps.config;
  const result = await send(
    {
      url: failed.plan.notify_url!, method: 'POST', body,
      headers: { 'content-type': 'application/json; charset=utf-8', 'user-agent': 'Tarmac-Backup/1', 'x-tarmac-event': 'backup.failed' },
    },
    { allowPrivate, allowAddresses: webhook.allowAddresses, timeoutMs: webhook.timeoutSeconds * 1000 },
  );
  if (result.kind === 'error') deps.log.warn({ runId: failed.run.id, error: result.message }, 'Backup failure notice not delivered');
  else if (result.status >= 300) deps.log.warn({ runId: failed.run.id, status: result.status }, 'Backup failure notice refused');
}

async function mailAdmins(deps: JobDeps, failed: FailedRun, url: string): Promise<void> {
  const admins = await deps.database.db.selectFrom('users').select(['email', 'username', 'locale'])
    .where('role', '=', 'admin').where('locked', '=', false).orderBy('id').execute();
  for (const admin of admins) {
    const result = await deps.mailer.send({ to: admin.email, toName: admin.username, ...backupFailedMail(admin.locale, failed, url) });
    if (!result.ok) deps.log.warn({ runId: failed.run.id, failure: result.failure }, 'Backup failure mail not sent');
  }
}

/** Sends both notices; never throws. */
export async function noticeFailure(deps: JobDeps, failed: FailedRun): Promise<void> {
  const url = `${deps.config.externalUrl}/admin/backups?tab=runs`;
  const at = deps.clock.now();
  const tasks: Promise<void>[] = [];
  if (failed.plan.notify_url) tasks.push(post(deps, failed, url, at));
  if (deps.config.mail) tasks.push(mailAdmins(deps, failed, url));
  for (const outcome of await Promise.allSettled(tasks)) {
    if (outcome.status === 'rejected') deps.log.error({ err: outcome.reason as unknown, runId: failed.run.id }, 'Backup failure notice failed');
  }
}
