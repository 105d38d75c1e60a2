// A real SMTP server on 127.0.0.1 and a random port (smtp-server) that records what arrives:
// the envelope, the raw message and its decoded headers and bodies. It can ask for AUTH PLAIN
// or LOGIN, offer STARTTLS with a self-signed certificate made for the test (openssl), and
// refuse chosen recipients, as a real server would.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  /** The user who signed in, if any. */
  user: string | undefined;
  raw: string;
  /** Header names lower-cased, values unfolded and decoded (RFC 2047). */
  headers: Map<string, string>;
  text: string | undefined;
  html: string | undefined;
  /** Whether the message came over TLS. */
  secure: boolean;
}

export interface TestSmtpServer {
  port: number;
  messages: ReceivedMail[];
  /** Every sign-in tried: the user and the AUTH method, accepted or not. */
  logins: { user: string | undefined; method: string; accepted: boolean }[];
  /** The certificate the server presents (PEM), for the client to trust. */
  cert: string | undefined;
  close(): Promise<void>;
}

export interface TestSmtpOptions {
  /** Require AUTH with this user and password. */
  auth?: { user: string; password: string };
  /** The AUTH methods offered: PLAIN and LOGIN by default. */
  authMethods?: ('PLAIN' | 'LOGIN')[];
  /** Offer STARTTLS (with a certificate for 127.0.0.1 and localhost). */
  starttls?: boolean;
  /** Recipients answered 550 at RCPT TO. */
  refuse?: string[];
  /** Recipients answered 450 (try again later) at RCPT TO. */
  defer?: string[];
}

/** A self-signed certificate for 127.0.0.1 and localhost, valid for a day. */
export function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'tarmac-smtp-cert-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', key, '-out', cert,
    ], { stdio: 'ignore' });
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')));
}

function decodeQuotedPrintable(data: string): string {
  const bytes = data.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_all, hex: string) => `%${hex}`);
  return Buffer.from(decodeURIComponent(bytes.replace(/%(?![0-9A-Fa-f]{2})/g, '%25')), 'utf8').toString('utf8');
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

function split(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  return { headers: parseHeaders(raw.slice(0, end)), body: raw.slice(end).replace(/^\r?\n\r?\n/, '') };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** The text and HTML bodies of a message, single-part or multipart/alternative. */
function bodies(headers: Map<string, string>, body: string): { text?: string; html?: string } {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/.exec(type)?.[1];
  if (!type.startsWith('multipart/') || boundary === undefined) {
    const decoded = decodeBody(headers, body).replace(/\r\n/g, '\n').replace(/\n$/, '');
    return type.startsWith('text/html') ? { html: decoded } : { text: decoded };
  }
  const found: { text?: string; html?: string } = {};
  for (const part of body.split(`--${boundary}`).slice(1, -1)) {
    const inner = split(part.replace(/^\r?\n/, ''));
    Object.assign(found, bodies(inner.headers, inner.body.replace(/\r?\n$/, '')));
  }
  return found;
}

function parseMessage(raw: string): Pick<ReceivedMail, 'headers' | 'text' | 'html'> {
  const { headers, body } = split(raw);
  const { text, html } = bodies(headers, body);
  return { headers, text, html };
}

/** Starts the server; close() stops it. */
export async function startSmtpServer(options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const logins: TestSmtpServer['logins'] = [];
  const tls = options.starttls ? selfSignedCertificate() : undefined;
  const server = new SMTPServer({
    logger: false,
    disabledCommands: tls ? [] : ['STARTTLS'],
    ...(tls ?? {}),
    authMethods: options.authMethods ?? ['PLAIN', 'LOGIN'],
    authOptional: options.auth === undefined,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      const expected = options.auth;
      const right = expected !== undefined && auth.username === expected.user && auth.password === expected.password;
      logins.push({ user: auth.username, method: auth.method, accepted: right });
      if (right) return callback(null, { user: auth.username });
      return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      if (options.refuse?.includes(address.address)) {
        return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      }
      if (options.defer?.includes(address.address)) {
        return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 450 }));
      }
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const { mailFrom, rcptTo } = session.envelope;
        messages.push({
          envelope: { from: mailFrom ? mailFrom.address : '', to: rcptTo.map((r) => r.address) },
          user: typeof session.user === 'string' ? session.user : undefined,
          raw,
          secure: session.secure,
          ...parseMessage(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.on('error', () => undefined);
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    messages,
    logins,
    cert: tls?.cert,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The environment that points a test server's mail at a test SMTP server (plain text, no STARTTLS). */
export function mailEnv(smtp: Pick<TestSmtpServer, 'port'>, from = 'Tarmac <tarmac@example.com>'): Record<string, string> {
  return { TARMAC_SMTP_URL: `smtp://127.0.0.1:${smtp.port}?starttls=never`, TARMAC_MAIL_FROM: from };
}
