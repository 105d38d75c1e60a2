// The mailer that sends through an SMTP server (TARMAC_SMTP_URL) with nodemailer. nodemailer is
// imported on the first message, never at start-up: a server without mail configured does not
// load it. Every answer is a MailResult: a wrong address is refused before the server is asked,
// and what the server or the network did wrong is classified (see MailFailure), never thrown.
import { isIP } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import type { Transporter } from 'nodemailer';
import { MAILBOX } from '../config.ts';
import type { MailConfig } from '../config.ts';
import { oneLine } from './mailer.ts';
import type { Mailer, MailFailure, MailMessage, MailResult } from './mailer.ts';

export interface SmtpMailer extends Mailer {
  /** Connects and signs in without sending anything: what `tarmac mail test` checks first. */
  verify(): Promise<MailResult>;
  /** Closes pooled connections. */
  close(): Promise<void>;
}

export interface SmtpMailerOptions {
  /** TLS options for the connection (a test trusts its own self-signed certificate here). */
  tls?: ConnectionOptions;
}

/** Whether `address` is one mailbox that may be handed to the server as a recipient. */
export function isMailbox(address: string): boolean {
  return address.length <= 254 && MAILBOX.test(address);
}

interface SmtpError {
  code?: string;
  responseCode?: number;
  command?: string;
  message?: string;
}

const SOCKET_CODES = ['ESOCKET', 'ECONNECTION', 'EDNS'];

function failure(kind: MailFailure, retryable: boolean, message: string): MailResult {
  return { ok: false, failure: kind, retryable, message };
}

/** Sorts a nodemailer error into a MailFailure; a 4xx answer or a network fault may pass if tried later. */
export function classifySmtpError(error: unknown): MailResult {
  const { code, responseCode, message = String(error) } = (error ?? {}) as SmtpError;
  const transient = responseCode !== undefined && responseCode >= 400 && responseCode < 500;
  if (code === 'EAUTH') return failure('auth-failed', transient, message);
  if (code === 'ETLS' || /certificate|self[- ]signed|STARTTLS/i.test(message)) return failure('tls-failed', false, message);
  if (code === 'ETIMEDOUT') return failure('timeout', true, message);
  if (code !== undefined && SOCKET_CODES.includes(code)) return failure('unreachable', true, message);
  if (code === 'EENVELOPE' || code === 'EMESSAGE') return failure('recipient-refused', transient, message);
  return failure('failed', transient, message);
}

/** RFC 2369 and RFC 8058 headers: one https/http URL in angle brackets, one-click by POST. */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${oneLine(url).replace(/[<>\s]/g, '')}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

function transportOptions(config: MailConfig, options: SmtpMailerOptions) {
  const { smtp } = config;
  const timeoutMs = smtp.timeoutSeconds * 1000;
  return {
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    requireTLS: smtp.starttls === 'required',
    ignoreTLS: smtp.starttls === 'never',
    auth: smtp.user === undefined ? undefined : { user: smtp.user, pass: smtp.password ?? '' },
    pool: smtp.pool,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
    // A host name is checked against the certificate; an IP address is checked as such (SNI takes names only).
    tls: { ...(isIP(smtp.host) ? {} : { servername: smtp.host }), ...options.tls },
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** The mailer for TARMAC_SMTP_URL and TARMAC_MAIL_FROM; connects on the first message. */
export function createSmtpMailer(config: MailConfig, options: SmtpMailerOptions = {}): SmtpMailer {
  let transport: Promise<Transporter<{ messageId?: unknown }>> | undefined;
  const open = () => {
    transport ??= import('nodemailer').then(
      (nodemailer) => nodemailer.createTransport(transportOptions(config, options)) as Transporter<{ messageId?: unknown }>,
    );
    return transport;
  };
  const from = { name: oneLine(config.from.name ?? ''), address: config.from.address };

  async function send(message: MailMessage): Promise<MailResult> {
    if (!isMailbox(message.to)) return failure('invalid-recipient', false, 'The recipient is not a single email address');
    try {
      const info = await (await open()).sendMail({
        from,
        to: { name: oneLine(message.toName ?? ''), address: message.to },
        subject: oneLine(message.subject),
        text: message.text,
        html: message.html,
        ...(message.listUnsubscribe ? { headers: listUnsubscribeHeaders(message.listUnsubscribe) } : {}),
        // Only the recipient given: never addresses that a header might name.
        envelope: { from: config.from.address, to: [message.to] },
        disableFileAccess: true,
        disableUrlAccess: true,
      });
      return { ok: true, messageId: typeof info.messageId === 'string' ? info.messageId : undefined };
    } catch (error) {
      return classifySmtpError(error);
    }
  }

  async function verify(): Promise<MailResult> {
    try {
      await (await open()).verify();
      return { ok: true, messageId: undefined };
    } catch (error) {
      return classifySmtpError(error);
    }
  }

  async function close(): Promise<void> {
    if (transport === undefined) return;
    (await transport).close();
    transport = undefined;
  }

  return { send, verify, close };
}
