// Where mail goes out. Tarmac sends none yet (issue 18 adds it): this is the seam the wiring
// (app.ts) already passes around, so the SMTP mailer plugs in there, and a test can hand the
// app a mailer that records what it would have sent, without touching the services.

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain-text body. */
  text: string;
}

export interface Mailer {
  /** Resolves once the message is handed to the mail server; rejects if it is refused. */
  send(message: MailMessage): Promise<void>;
}

/** The default until mail is configured: messages are dropped. */
export const noMailer: Mailer = {
  send: async () => undefined,
};
