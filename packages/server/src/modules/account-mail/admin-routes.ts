// /api/admin/mail: how this server sends mail (never the password) and the "Send test mail"
// button: administrators only. A refused test answers what went wrong as a MailFailure
// (mail/mailer.ts) and the server's words: 422 for an address that is not one mailbox, 502 otherwise.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { actorOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import { ConflictError, fieldIssue, ValidationError } from '../../errors.ts';
import { sendError } from '../../http/error-handler.ts';
import { authErrors } from '../../http/schemas.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { SettingsService } from '../settings/service.ts';
import { MAIL_NOT_CONFIGURED } from './schemas.ts';
import { MailSettingsResponse, TestMailBody, TestMailResponse } from './schemas.ts';

interface Options {
  mail: Config['mail'];
  mailer: Mailer;
  externalUrl: string;
  settingsService: Pick<SettingsService, 'assertCanManage'>;
}

const tags = ['Settings'];

/** The mail settings as the card shows them. */
export function describeMail(mail: Config['mail']) {
  if (mail === null) return { configured: false, from: null, host: null, port: null, tls: null, user: null };
  const { smtp } = mail;
  const tls = smtp.secure ? 'tls' : smtp.starttls === 'never' ? 'none' : smtp.starttls === 'required' ? 'starttls-required' : 'starttls';
  return { configured: true, from: mail.from.address, host: smtp.host, port: smtp.port, tls, user: smtp.user ?? null } as const;
}

export const adminMailRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { mail, mailer, externalUrl, settingsService }) => {
  const requireAdmin = async (request: FastifyRequest) => settingsService.assertCanManage(actorOf(request));
  const adminOnly = { config: { auth: 'user' as const }, preValidation: requireAdmin };

  app.get('/admin/mail', {
    ...adminOnly,
    schema: {
      operationId: 'getMailSettings', tags, summary: 'How this server sends mail',
      description: 'Administrators only. From TARMAC_SMTP_URL and TARMAC_MAIL_FROM; never the password.',
      response: { 200: MailSettingsResponse, ...authErrors() },
    },
  }, async () => describeMail(mail));

  app.post('/admin/mail/test', {
    ...adminOnly,
    schema: {
      operationId: 'sendTestMail', tags, summary: 'Send a test mail',
      description: 'Administrators only. Sends a test message (to the administrator\'s own address unless `to` is given). ' +
        '409 when mail is not configured; 422 for an address that is not one mailbox; 502 when the mail server refused ' +
        'or could not be reached (`params.failure`: recipient-refused, auth-failed, tls-failed, unreachable, timeout, failed).',
      body: TestMailBody,
      response: {
        200: TestMailResponse, ...authErrors(), 409: Type.Ref('ErrorResponse'), 422: Type.Ref('ValidationErrorResponse'),
        502: Type.Ref('ErrorResponse'),
      },
    },
  }, async (request, reply) => {
    if (mail === null) throw new ConflictError(MAIL_NOT_CONFIGURED, 'mail.not_configured');
    const { user } = actorOf(request);
    const to = (request.body.to ?? '').trim() || user.email;
    const { adminTestMail } = await import('../../mail/account-messages.ts');
    const result = await mailer.send({ to, ...adminTestMail({ locale: user.locale, sentBy: user.username, url: externalUrl }) });
    if (result.ok) return { to, message_id: result.messageId ?? null };
    if (result.failure === 'invalid-recipient') throw new ValidationError({ to: [fieldIssue('email', 'is not one email address')] });
    request.log.warn({ failure: result.failure, reason: result.message }, 'Test mail: not sent');
    return sendError(reply, 502, `The mail was not sent (${result.failure}): ${result.message}`, 'mail.send_failed', {
      failure: result.failure, reason: result.message.slice(0, 500),
    });
  });
};
