// Shared by the mailed-link tests (password reset, sign-in link): a server with a real SMTP inbox
// and a clock the test moves forward, the mails to one address, the link in a mail, the cookie.
import type { Clock } from '../../src/clock.ts';
import type { ReceivedMail, TestSmtpServer } from './smtp.ts';
import { startSmtpServer } from './smtp.ts';
import { sleep, until } from './jobs.ts';
import { startServer } from './server.ts';
import type { ApiResponse, TestServer } from './server.ts';

export interface MailWorld {
  smtp: TestSmtpServer;
  server: TestServer;
  /** Moves the server's clock forward. */
  advance(ms: number): void;
  mailsTo(address: string): ReceivedMail[];
  /** Waits for the count-th mail to the address. */
  mailTo(address: string, count?: number): Promise<ReceivedMail>;
  /** Waits long enough for a background mail to have arrived, and answers how many the address got. */
  settledCount(address: string): Promise<number>;
  close(): Promise<void>;
}

export async function startMailWorld(env: Record<string, string> = {}): Promise<MailWorld> {
  const smtp = await startSmtpServer();
  let offset = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offset).toISOString(), nowMs: () => Date.now() + offset };
  const server = await startServer({
    TARMAC_SMTP_URL: `smtp://127.0.0.1:${smtp.port}?starttls=never`, TARMAC_MAIL_FROM: 'Tarmac <tarmac@example.com>', ...env,
  }, { clock });
  const mailsTo = (address: string) => smtp.messages.filter((mail) => mail.envelope.to.includes(address));
  return {
    smtp,
    server,
    advance: (ms) => { offset += ms; },
    mailsTo,
    async mailTo(address, count = 1) {
      await until(() => mailsTo(address).length >= count);
      return mailsTo(address)[count - 1]!;
    },
    async settledCount(address) {
      await sleep(400);
      await server.services.accountMailService.drain();
      return mailsTo(address).length;
    },
    async close() {
      await server.close();
      await smtp.close();
    },
  };
}

/** The `key` of the first link to `path` in a mail's text. */
export function keyIn(mail: ReceivedMail, path: string): string {
  const found = new RegExp(`${path.replace(/\//g, '\\/')}\\?key=([A-Za-z0-9_-]+)`).exec(mail.text ?? '');
  if (!found) throw new Error(`no ${path} link in ${mail.text}`);
  return found[1]!;
}

/** The session cookie an answer set, as a Cookie header. */
export function cookieOf(response: ApiResponse): string {
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  if (!cookie) throw new Error('no cookie set');
  return cookie;
}
