// Where mail goes out: the seam the wiring (app.ts) passes around, so the SMTP mailer
// (smtp.ts, loaded only when TARMAC_SMTP_URL is set) plugs in there, and a test can hand the
// app a mailer that records what it would have sent, without touching the services.
// A mailer never throws for a refused message: it answers a typed result, so a job can tell a
// wrong address (give up) from a server that is down (try again later).

export interface MailMessage {
  /** One mailbox (local@domain); anything else is refused before the server is asked. */
  to: string;
  /** The recipient's display name, if known (line breaks are dropped). */
  toName?: string;
  /** Line breaks are dropped: a subject is one header line. */
  subject: string;
  /** Plain-text body. */
  text: string;
  /** HTML body (already escaped by the template that built it), sent beside the text. */
  html?: string;
  /**
   * The URL that unsubscribes the recipient: sent as List-Unsubscribe with List-Unsubscribe-Post
   * (RFC 8058 one-click: the mail provider POSTs `List-Unsubscribe=One-Click` to it).
   */
  listUnsubscribe?: string;
}

/**
 * Why a message was not sent:
 * - invalid-recipient: the address is not one mailbox (nothing was sent to the server);
 * - recipient-refused: the server refused the recipient (5xx) or the message;
 * - auth-failed: the server refused the user or password;
 * - tls-failed: TLS could not be set up (STARTTLS required but not offered, a bad certificate);
 * - unreachable: the server could not be reached (connection refused, DNS) or closed the connection;
 * - timeout: the server did not answer in time;
 * - failed: anything else.
 */
export type MailFailure = 'invalid-recipient' | 'recipient-refused' | 'auth-failed' | 'tls-failed' | 'unreachable' | 'timeout' | 'failed';

export type MailResult =
  | { ok: true; /** The server's message id, when it gave one. */ messageId: string | undefined }
  | {
      ok: false;
      failure: MailFailure;
      /** Whether sending again later may succeed (the server down, a 4xx answer). */
      retryable: boolean;
      /** What went wrong, for the log: never the password. */
      message: string;
    };

export interface Mailer {
  /** Resolves once the message is handed to the mail server, or with why it was not. Never rejects. */
  send(message: MailMessage): Promise<MailResult>;
}

/** The default until mail is configured: messages are dropped. */
export const noMailer: Mailer = {
  send: async () => ({ ok: true, messageId: undefined }),
};

/** A header value on one line: line breaks and other control characters become spaces. */
export function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}
