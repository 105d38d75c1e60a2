// `tarmac mail test ADDRESS`: checks the mail settings (connects and signs in), then sends a
// test message, and says which step failed and why, in words an operator can act on.
import type { Config } from '../config.ts';
import type { MailFailure } from './mailer.ts';
import { testMail } from './messages.ts';
import { createSmtpMailer, isMailbox } from './smtp.ts';

const ADVICE: Record<MailFailure, string> = {
  'invalid-recipient': 'give one address, such as someone@example.com',
  'recipient-refused': 'the server refused this recipient or sender: check TARMAC_MAIL_FROM is allowed to send',
  'auth-failed': 'check the user and password in TARMAC_SMTP_URL (percent-encode @ : / in them)',
  'tls-failed': 'check smtp:// (STARTTLS, port 587) against smtps:// (port 465) and the starttls option',
  unreachable: 'check the host and port in TARMAC_SMTP_URL and that this machine may connect to them',
  timeout: 'the server did not answer in time: check the host and port, or raise ?timeout=',
  failed: 'see the server\'s answer above',
};

/** Runs the command; answers the exit code. `write` takes the messages (stderr). */
export async function mailTest(config: Config, address: string, write: (line: string) => void): Promise<number> {
  if (config.mail === null) {
    write('Mail is not configured: set TARMAC_SMTP_URL and TARMAC_MAIL_FROM (see docs/mail.md).');
    return 1;
  }
  if (!isMailbox(address)) {
    write(`Not sent (invalid-recipient): ${ADVICE['invalid-recipient']}`);
    return 1;
  }
  const { smtp } = config.mail;
  const mailer = createSmtpMailer(config.mail);
  try {
    write(`Connecting to ${smtp.secure ? 'smtps' : 'smtp'}://${smtp.host}:${smtp.port}${smtp.user ? ` as ${smtp.user}` : ''}…`);
    const checked = await mailer.verify();
    if (!checked.ok) {
      write(`Failed (${checked.failure}): ${checked.message}\n  ${ADVICE[checked.failure]}`);
      return 1;
    }
    const sent = await mailer.send({ to: address, ...testMail({ locale: config.defaultLocale, url: config.externalUrl }) });
    if (!sent.ok) {
      write(`Not sent (${sent.failure}): ${sent.message}\n  ${ADVICE[sent.failure]}`);
      return 1;
    }
    write(`Sent a test message to ${address} from ${config.mail.from.address}${sent.messageId ? ` (${sent.messageId})` : ''}.`);
    return 0;
  } finally {
    await mailer.close();
  }
}
