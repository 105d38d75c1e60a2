import { Type } from 'typebox';

const email = Type.String({ minLength: 1, maxLength: 255, description: 'The address of the account.' });
const key = Type.String({ minLength: 1, maxLength: 200, description: 'The `key` of the mailed link.' });

export const EmailBody = Type.Object({ email }, { additionalProperties: false });
export const KeyQuery = Type.Object({ key });
export const KeyBody = Type.Object({ key }, { additionalProperties: false });
export const ResetBody = Type.Object(
  { key, password: Type.String({ maxLength: 1024, description: 'The new password (8 to 128 characters).' }) },
  { additionalProperties: false },
);

export const MailQueuedResponse = Type.Object(
  { message: Type.String({ description: 'The same sentence whether or not an account has the address.' }) },
  { $id: 'MailQueued', description: 'Taken: a mail goes out if an account may get one.' },
);

export const LinkInfoResponse = Type.Object(
  {
    username: Type.String({ description: 'The account the link is for.' }),
    expires_at: Type.String({ format: 'date-time', description: 'When the link stops working.' }),
  },
  { $id: 'MailedLinkInfo', description: 'A live mailed link: whose account, until when. It is not used up by asking.' },
);

export const MailSettingsResponse = Type.Object(
  {
    configured: Type.Boolean({ description: 'Whether TARMAC_SMTP_URL and TARMAC_MAIL_FROM are set.' }),
    from: Type.Union([Type.String(), Type.Null()], { description: 'The From address.' }),
    host: Type.Union([Type.String(), Type.Null()]),
    port: Type.Union([Type.Integer(), Type.Null()]),
    tls: Type.Union(
      [Type.Literal('tls'), Type.Literal('starttls'), Type.Literal('starttls-required'), Type.Literal('none'), Type.Null()],
      { description: 'tls: smtps:// from the first byte; starttls: upgraded when offered; starttls-required; none: clear text.' },
    ),
    user: Type.Union([Type.String(), Type.Null()], { description: 'The SMTP user, if any (never the password).' }),
  },
  { $id: 'MailSettings', description: 'How this server sends mail (TARMAC_SMTP_URL), without the password.' },
);

export const TestMailBody = Type.Object(
  { to: Type.Optional(Type.String({ maxLength: 255, description: 'The recipient; the administrator\'s own address by default.' })) },
  { additionalProperties: false },
);

export const TestMailResponse = Type.Object(
  {
    to: Type.String(),
    message_id: Type.Union([Type.String(), Type.Null()], { description: 'The id the mail server gave the message.' }),
  },
  { $id: 'TestMailSent', description: 'The mail server took the message.' },
);

/** What a mail route answers while no SMTP server is configured. */
export const MAIL_NOT_CONFIGURED = 'Mail is not configured on this server (TARMAC_SMTP_URL): ask an administrator';
