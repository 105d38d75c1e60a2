// The documented environment variables: name, default and meaning of each, in the order the
// configuration reference lists them. docs/configuration.md is generated from this list
// (`npm run docs:config`), and a test fails when the two drift apart or when config.ts reads
// a variable that is not here.

export interface ConfigVariable {
  name: string;
  default: string;
  description: string;
}

/** The documented variables, in the order the reference lists them. */
export const configVariables: ConfigVariable[] = [
  { name: 'PORT', default: '3000', description: 'TCP port the HTTP server listens on.' },
  {
    name: 'HOST',
    default: '0.0.0.0',
    description: 'Address the HTTP server binds to. Use `127.0.0.1` to accept only local connections (behind a reverse proxy on the same host).',
  },
  {
    name: 'TARMAC_URL',
    default: 'the request\'s own address',
    description:
      'The external base URL people and devices reach Tarmac at, e.g. `https://tarmac.example.com`. Every absolute link (install pages, iOS manifests, QR codes, API answers) is built from it; iOS over-the-air installs need an `https` URL that a phone can reach. When unset, links use the address each request came to: its `Host` header, or `X-Forwarded-Proto` and `X-Forwarded-Host` when `TARMAC_TRUST_PROXY` trusts the proxy that sent them.',
  },
  {
    name: 'TARMAC_DATA_DIR',
    default: './data',
    description: 'Directory for the SQLite database, uploaded files and the generated secret key. Created if missing.',
  },
  {
    name: 'DATABASE_URL',
    default: 'sqlite:$TARMAC_DATA_DIR/tarmac.db',
    description:
      'Database to use: `sqlite:PATH` (relative paths are resolved from the working directory) for the embedded engine, or `postgres://user:password@host:5432/name` (also `postgresql://`) for PostgreSQL. Migrations run on start.',
  },
  {
    name: 'TARMAC_SECRET_KEY',
    default: 'generated into $TARMAC_DATA_DIR/secret_key',
    description:
      'Secret used to sign download grants and other tokens, and to encrypt stored webhook secrets (a key derived per purpose); at least 32 characters. When unset, a random key is generated on first start and kept in the data directory (mode 0600). Every instance of a multi-instance deployment needs the same value.',
  },
  { name: 'LOG_LEVEL', default: 'info', description: 'One of `fatal`, `error`, `warn`, `info`, `debug`, `trace`, `silent`.' },
  {
    name: 'LOG_FORMAT',
    default: '`pretty` when NODE_ENV=development, else `json`',
    description: '`json` (one JSON object per line, for log collectors) or `pretty` (coloured, for a terminal).',
  },
  {
    name: 'TARMAC_LOG_BUFFER_LINES',
    default: '1000',
    description:
      'Recent log lines each Tarmac process keeps in memory for the admin log viewer (`/admin/logs`), from 0 to 100000; `0` keeps none. Lines still go to stdout; a line is clipped at 8 KiB and the buffer is also bounded in bytes. See docs/logs.md.',
  },
  {
    name: 'TARMAC_ADMIN_EMAIL',
    default: '(unset)',
    description: 'Email of the first administrator (username `admin`), created on start when no user exists yet. Set together with `TARMAC_ADMIN_PASSWORD`.',
  },
  {
    name: 'TARMAC_ADMIN_PASSWORD',
    default: '(unset)',
    description:
      'Password of that first administrator, at least 8 characters. When both variables are unset, the administrator gets the email `admin@localhost` and a generated password, printed once to the log.',
  },
  {
    name: 'TARMAC_TRUST_PROXY',
    default: 'false',
    description:
      'Whether to trust `X-Forwarded-*` headers from a reverse proxy: `true`, `false`, a number of hops, or a comma-separated list of proxy addresses/CIDRs.',
  },
  { name: 'TARMAC_SESSION_TTL_HOURS', default: '336', description: 'How long a web sign-in lasts without activity, in hours (1 to 8760).' },
  {
    name: 'TARMAC_SHUTDOWN_TIMEOUT_SECONDS',
    default: '30',
    description: 'On SIGTERM or SIGINT, how long to let requests in flight finish before the process exits anyway.',
  },
  {
    name: 'TARMAC_MAX_UPLOAD_BYTES',
    default: '2147483648 (2 GiB)',
    description: 'The largest build or debug file accepted, in bytes (a number, or with a unit: 500MB, 2GiB). A larger upload is refused with 413 before it is stored.',
  },
  {
    name: 'TARMAC_SLUG_GRACE_DAYS',
    default: '30',
    description:
      "Days a deleted or renamed channel's slug stays reserved for its app, so links to the old channel (`/<slug>`, QR codes, install links) cannot start serving another team's builds; the same app may take it back at once. `0` frees slugs immediately.",
  },
  {
    name: 'TARMAC_JOBS_CONCURRENCY',
    default: '2',
    description:
      'Background jobs (webhook deliveries, sweeps) one Tarmac process runs at once, from 1 to 64. On PostgreSQL each instance runs this many; a job still runs once across all of them. See docs/jobs.md.',
  },
  {
    name: 'TARMAC_HEALTH_ALLOWED_IPS',
    default: '127.0.0.0/8,::1/128,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,fc00::/7',
    description:
      'Who may read the health checks `GET /api/health/full` and `GET /api/health/{database,storage,jobs,mail}`: IP addresses and CIDR ranges separated by commas, or `*` for anyone. The client address is the one Fastify sees (`TARMAC_TRUST_PROXY` applies). Others get 403 `health.address_not_allowed`, unless signed in as an administrator. `/api/health` and `/api/health.json` stay open to all. See docs/health.md.',
  },
  {
    name: 'TARMAC_METRICS',
    default: 'false',
    description:
      'Whether `GET /metrics` answers in Prometheus format (request counts and durations by route, upload and download bytes, parse times, job queue, database pool, process): `true` or `false`. When false the path is a 404 and nothing of it is loaded. See docs/metrics.md.',
  },
  {
    name: 'TARMAC_DEMO_MODE',
    default: 'false',
    description:
      'A public showcase (docs/demo-mode.md): `true` WIPES EVERY APP, RELEASE AND ACCOUNT at start and daily at 00:00 UTC, seeds demo accounts and sample apps, and refuses every change (403 `demo.read_only`) except signing in and out. Never turn it on for an instance with real data.',
  },
  {
    name: 'TARMAC_DEMO_PASSWORD',
    default: 'tarmac-demo',
    description: 'With `TARMAC_DEMO_MODE=true`, the password of the demo accounts (`demo-admin`, `demo-admin-zh`, `demo-member`); the sign-in page shows it. At least 8 characters.',
  },
  {
    name: 'TARMAC_METRICS_TOKEN',
    default: '(unset: no token)',
    description:
      'When set (16 to 256 printable characters, no spaces), `/metrics` answers only a request with `Authorization: Bearer <token>`, and 401 otherwise. Unset, anyone who reaches the port may read it: keep it off the public address then.',
  },
  {
    name: 'TARMAC_DOWNLOAD_ACCEL',
    default: 'off',
    description:
      'Hands each download to the reverse proxy in front of Tarmac once Tarmac has checked access and counted it: `nginx` answers `X-Accel-Redirect` to `TARMAC_DOWNLOAD_ACCEL_PREFIX` + the file\'s storage key, `sendfile` answers `X-Sendfile` with the file\'s absolute path (Apache mod_xsendfile, lighttpd), `off` sends the file from Tarmac. Local storage only: Tarmac refuses to start with it on other storage. Turn it on only behind a proxy set up for it (docs/downloads-accel.md).',
  },
  {
    name: 'TARMAC_DOWNLOAD_ACCEL_PREFIX',
    default: '/_tarmac_files/',
    description:
      'With `TARMAC_DOWNLOAD_ACCEL=nginx`, the internal location the proxy serves the storage directory (`TARMAC_DATA_DIR/storage`) under: a path starting and ending with `/`.',
  },
  {
    name: 'TARMAC_MIN_UPLOAD_RATE_BYTES',
    default: '1024',
    description:
      'The slowest a request body (an upload above all) may arrive, in bytes per second averaged from its start, once `TARMAC_UPLOAD_GRACE_SECONDS` have passed; a slower body is cut off with 408. Time the server itself spends not reading (a slow disk) does not count against the client. 1024 is 8 kbit/s, far below any real link; `0` turns the minimum off.',
  },
  {
    name: 'TARMAC_UPLOAD_GRACE_SECONDS',
    default: '60',
    description: 'How long a request body may take before `TARMAC_MIN_UPLOAD_RATE_BYTES` applies (a slow start, a CI job warming up).',
  },
  {
    name: 'TARMAC_BODY_IDLE_TIMEOUT_SECONDS',
    default: '120',
    description: 'The longest a request body may pause (no byte at all) before it is cut off with 408, however fast it was before.',
  },
  {
    name: 'TARMAC_HEADERS_TIMEOUT_SECONDS',
    default: '60',
    description: "How long a request's headers may take to arrive; a client slower than that is disconnected.",
  },
  {
    name: 'TARMAC_MAX_ANONYMOUS_BODIES',
    default: '32',
    description:
      'Request bodies from callers not known yet (no token in the header or query string, no session) read at the same time, each instance; more are answered 503 with `Retry-After`. An upload whose `token` field comes first stops counting as soon as the token is read; an upload holds at most 64 KiB of fields before its caller is known, and nothing is written to disk until then.',
  },
  {
    name: 'TARMAC_REFUSED_BODY_DRAIN_BYTES',
    default: '1073741824 (1 GiB)',
    description:
      'When a request is refused before its body was read (a wrong token or channel key, a file over the limit), the answer is sent, then up to this much of the rest of the body is read and dropped (nothing is stored) so that every client reads the answer; then the connection is closed. Clients that send the whole body before reading (Ruby\'s net/http, as in fastlane) see the answer only when the rest fits in this allowance.',
  },
  {
    name: 'TARMAC_REFUSED_BODY_DRAIN_SECONDS',
    default: '30',
    description: 'The longest the rest of a refused body is read and dropped (see `TARMAC_REFUSED_BODY_DRAIN_BYTES`) before the connection is closed.',
  },
  {
    name: 'TARMAC_CHANNEL_GRANT_HOURS',
    default: '24',
    description:
      'How long access to a password-protected channel lasts after the visitor types the password (a signed cookie, and a token in the iOS install links). Changing or clearing the password revokes every grant at once.',
  },
  {
    name: 'TARMAC_MAX_FAILED_ATTEMPTS',
    default: '10',
    description:
      'Wrong passwords one client address may send in 15 minutes, per account at sign-in (its username and email count as one; five times as many across accounts) and per channel password; and wrong current passwords per account when changing the password (`PUT /api/user`). More are answered 429 with `Retry-After`, even with the right password. Counted across every instance on PostgreSQL (a shared table), in memory on SQLite (one instance). Behind a proxy, set `TARMAC_TRUST_PROXY` so the client address is the visitor\'s, not the proxy\'s.',
  },
  {
    name: 'TARMAC_UDID_CHALLENGE_MINUTES',
    default: '15',
    description:
      'How long the profile `/udid/install` hands out stays valid, in minutes (1 to 1440): the device must send its answer within this time, and each profile\'s challenge is accepted once (across every instance sharing the database).',
  },
  {
    name: 'TARMAC_UDID_REGISTRATIONS_PER_HOUR',
    default: '20',
    description:
      'Device answers (`POST /udid/retrieve`) one client address may send in an hour, accepted or not; more are answered 429 with `Retry-After`. Counted across every instance on PostgreSQL (a shared table), in memory on SQLite (one instance). Behind a proxy, set `TARMAC_TRUST_PROXY` so the client address is the device\'s, not the proxy\'s.',
  },
  {
    name: 'TARMAC_SMTP_URL',
    default: '(unset: no mail is sent)',
    description:
      'The SMTP server Tarmac sends mail through: `smtp://user:password@host:587` (STARTTLS when the server offers it) or `smtps://user:password@host:465` (TLS from the start); percent-encode `@`, `:` and `/` in the user and password. Options in the query string: `starttls=required` (refuse a server without STARTTLS) or `starttls=never`, `pool=true` (reuse connections), `timeout=SECONDS` (1 to 600, default 30: connecting and each answer). See docs/mail.md.',
  },
  {
    name: 'TARMAC_MAIL_FROM',
    default: '(unset; required with `TARMAC_SMTP_URL`)',
    description: 'The sender of Tarmac\'s mail: `tarmac@example.com` or `Tarmac <tarmac@example.com>`. The SMTP server must allow it.',
  },
  {
    name: 'TARMAC_SIGN_IN_PROVIDERS',
    default: '(unset: providers are added in the admin screen only)',
    description:
      'Sign-in providers declared for automation (Helm, compose): a JSON array of `{"slug", "kind", "name", "settings", "enabled"?, "allow_sign_up"?, "position"?}`, `kind` one of `ldap`, `oidc`, `github`, `gitlab`, `google`, `feishu`, `gitea`, `settings` as in docs/sign-in.md. Checked at start (an error names the entry and field); written at every start and shown read-only in the admin screen. A provider removed from the list is disabled, not deleted, so its linked accounts stay.',
  },
  {
    name: 'TARMAC_SIGN_IN_PROVIDER_<SLUG>_SECRET',
    default: '(unset: no secret)',
    description:
      'The secret of the provider with that slug in `TARMAC_SIGN_IN_PROVIDERS` (upper-cased, dashes as underscores, e.g. `TARMAC_SIGN_IN_PROVIDER_CORP_LDAP_SECRET`): the LDAP bind password or the client secret. `TARMAC_SIGN_IN_PROVIDER_<SLUG>_SECRET_FILE` names a file holding it instead (a mounted secret). Stored encrypted with `TARMAC_SECRET_KEY`.',
  },
  {
    name: 'TARMAC_WEBHOOK_ALLOW_PRIVATE',
    default: 'false',
    description:
      'Whether webhooks may post to loopback, private (RFC 1918, CGNAT, `fc00::/7`), link-local (including cloud metadata addresses) and unspecified addresses: `true` or `false`. Checked after DNS resolution and on every redirect; allow it only when your chat server or receiver lives on your own network.',
  },
  {
    name: 'TARMAC_WEBHOOK_ALLOW_ADDRESSES',
    default: '(unset: none)',
    description:
      'Exact IP addresses webhooks may post to even when `TARMAC_WEBHOOK_ALLOW_PRIVATE` is false, comma-separated (`10.0.0.5,fd00::7`): a chat server on your network you trust by address, without opening every private address. Every other hop, redirects included, is still checked.',
  },
  {
    name: 'TARMAC_WEBHOOK_MAX_ATTEMPTS',
    default: '6',
    description:
      'Posts of one webhook delivery (1 to 20) before it ends failed. Network errors, timeouts, 5xx, 429 and the services\' rate-limit codes are retried; a success or another answer ends it. See docs/webhooks.md.',
  },
  {
    name: 'TARMAC_WEBHOOK_RETRY_BASE_SECONDS',
    default: '30',
    description:
      'The wait before a webhook\'s second post, in seconds (0 to 3600); it doubles after each failure, at most an hour, and is never shorter than the service\'s `Retry-After`.',
  },
  { name: 'TARMAC_WEBHOOK_TIMEOUT_SECONDS', default: '10', description: 'The deadline of one webhook post, DNS and redirects included, in seconds (1 to 120).' },
  {
    name: 'TARMAC_WEBHOOK_LOG_DAYS',
    default: '30',
    description: 'Days webhook deliveries and their attempts are kept for the delivery log (1 to 3650); older ones are deleted every hour.',
  },
  {
    name: 'TARMAC_BACKUP_DIR',
    default: '`<TARMAC_DATA_DIR>/backups`',
    description:
      'Where backup plans with the `local` destination write their archives (each with a `.sha256` beside it), and where `/admin/backups` downloads them from. Put it on another disk than the data directory so a lost disk does not take the backups with it. See docs/backups-admin.md.',
  },
  {
    name: 'TARMAC_BACKUP_S3_BUCKET',
    default: '(unset: the bucket of `TARMAC_STORAGE=s3`, if any)',
    description:
      'The bucket backup plans with the `s3` destination write to. Best somewhere else than the files it saves: with it, Tarmac can keep builds on local disk and backups in S3. Without it and without `TARMAC_STORAGE=s3`, an `s3` plan is refused. See docs/backups-admin.md.',
  },
  {
    name: 'TARMAC_BACKUP_S3_REGION',
    default: '`us-east-1`',
    description: 'The region of `TARMAC_BACKUP_S3_BUCKET`.',
  },
  {
    name: 'TARMAC_BACKUP_S3_ENDPOINT',
    default: '(unset: AWS)',
    description: 'The S3 API of `TARMAC_BACKUP_S3_BUCKET` when it is not AWS, such as `https://minio.example.com:9000`.',
  },
  {
    name: 'TARMAC_BACKUP_S3_FORCE_PATH_STYLE',
    default: 'false',
    description: '`true` addresses the backup bucket in the path rather than the host name; most self-hosted stores need it.',
  },
  {
    name: 'TARMAC_BACKUP_S3_ACCESS_KEY_ID',
    default: '(unset: the SDK\'s credential chain)',
    description: 'The key of the backup bucket; set together with `TARMAC_BACKUP_S3_SECRET_ACCESS_KEY`. Any `TARMAC_BACKUP_S3_*` without `TARMAC_BACKUP_S3_BUCKET` is refused at start.',
  },
  {
    name: 'TARMAC_BACKUP_S3_SECRET_ACCESS_KEY',
    default: '(unset)',
    description: 'The secret of `TARMAC_BACKUP_S3_ACCESS_KEY_ID`.',
  },
  {
    name: 'TARMAC_BACKUP_S3_PREFIX',
    default: '`backups/`',
    description: 'The folder of the bucket that backup archives go under (after `TARMAC_S3_PREFIX` when the files\' bucket is used).',
  },
  {
    name: 'TARMAC_MAX_RESTORE_UPLOAD_BYTES',
    default: '21474836480 (20 GiB)',
    description: 'The largest backup archive the Restore tab of `/admin/backups` accepts as an upload (a number, or with a unit: 500MB, 20GiB); larger is refused with 413 before it is stored. It streams to `<TARMAC_DATA_DIR>/restores`, so that disk needs the room. A bigger archive restores with `tarmac restore FILE`.',
  },
  {
    name: 'TARMAC_AUDIT_RETENTION_DAYS',
    default: '365',
    description: 'Days the audit log keeps a line (1 to 3650); older lines are deleted once a day (the `audit.prune` job). See docs/audit-log.md.',
  },
  {
    name: 'TARMAC_STORAGE',
    default: 'local',
    description:
      'Where builds, icons and debug files are kept: `local` (under `$TARMAC_DATA_DIR/storage`) or `s3` (a bucket, set with the `TARMAC_S3_*` variables; only temporary files stay on the disk). An `TARMAC_S3_*` variable without `TARMAC_STORAGE=s3` stops start-up. See docs/storage.md; `tarmac storage migrate` moves existing files.',
  },
  { name: 'TARMAC_S3_BUCKET', default: '(required for s3)', description: 'The bucket\'s name. It must exist; Tarmac does not create it.' },
  { name: 'TARMAC_S3_REGION', default: 'us-east-1', description: 'The bucket\'s region (what the signatures name).' },
  {
    name: 'TARMAC_S3_ENDPOINT',
    default: '(unset: AWS)',
    description: 'The S3 server\'s URL for another S3-compatible store (MinIO, Ceph, Swift, R2, OSS…), e.g. `https://s3.example.com`.',
  },
  {
    name: 'TARMAC_S3_FORCE_PATH_STYLE',
    default: 'false',
    description: '`true` addresses the bucket in the path (`https://host/bucket/key`) rather than the host name; most self-hosted stores need it.',
  },
  {
    name: 'TARMAC_S3_ACCESS_KEY_ID',
    default: '(unset: the SDK\'s credential chain)',
    description:
      'The access key, set together with `TARMAC_S3_SECRET_ACCESS_KEY`. When both are unset the AWS SDK finds credentials as usual (`AWS_ACCESS_KEY_ID`, `AWS_PROFILE`, web identity, the instance\'s role).',
  },
  { name: 'TARMAC_S3_SECRET_ACCESS_KEY', default: '(unset)', description: 'The secret of `TARMAC_S3_ACCESS_KEY_ID`.' },
  {
    name: 'TARMAC_S3_PREFIX',
    default: '(none)',
    description: 'A folder inside the bucket that every key goes under (e.g. `tarmac/`), to share a bucket.',
  },
  {
    name: 'TARMAC_S3_DOWNLOADS',
    default: 'redirect',
    description:
      'How builds and debug files are downloaded: `redirect` answers with a 302 to a presigned bucket URL that names the file (testers\' devices must reach the bucket); `proxy` streams them through Tarmac with Range support, for a bucket only Tarmac can reach. Icons are always served by Tarmac.',
  },
  {
    name: 'TARMAC_S3_PUBLIC_ENDPOINT',
    default: '(unset: TARMAC_S3_ENDPOINT)',
    description:
      'Where testers\' devices reach the store, when Tarmac reaches it at another address (e.g. `http://minio:9000` inside a compose network, `https://files.example.com` outside): presigned download URLs are made for this one. Only with `TARMAC_S3_DOWNLOADS=redirect`.',
  },
  {
    name: 'TARMAC_S3_PRESIGN_SECONDS',
    default: '300',
    description: 'How long a presigned download URL stays valid, in seconds (10 to 604800); a download started in time finishes.',
  },
  {
    name: 'TARMAC_DEFAULT_LOCALE',
    default: 'en',
    description:
      'Locale for new users, visitors and server messages: `en` or `zh-CN`. When set it holds the `default_locale` setting (read-only on the settings screen).',
  },
  {
    name: 'TARMAC_SITE_TITLE',
    default: 'the saved setting (Tarmac)',
    description: 'The site title (3–32 characters) in the web app and on install pages; when set, the `site_title` setting is read-only (docs/settings.md).',
  },
  {
    name: 'TARMAC_DEFAULT_APPEARANCE',
    default: 'the saved setting (auto)',
    description: 'The web app\'s appearance for visitors and new accounts: `light`, `dark` or `auto`; holds the `default_appearance` setting.',
  },
  {
    name: 'TARMAC_DEFAULT_TIME_ZONE',
    default: 'the saved setting (UTC)',
    description: 'The time zone dates are shown in for visitors, an IANA name such as `Asia/Shanghai`; holds the `default_time_zone` setting.',
  },
  {
    name: 'TARMAC_PER_PAGE',
    default: 'the saved setting (25)',
    description: 'How many items a list answers when the request names no `per_page`, 1 to 1000; holds the `per_page` setting. Zealot\'s `/api/apps/versions` keeps its own default of 10.',
  },
  {
    name: 'TARMAC_MAX_PER_PAGE',
    default: 'the saved setting (100)',
    description: 'The largest `per_page` a list accepts, 1 to 1000 (above it: 422 on `per_page`); holds the `max_per_page` setting.',
  },
  { name: 'TARMAC_VCS_REF', default: 'the checkout\'s git commit', description: 'Commit reported by `GET /api/version`; set by release builds.' },
  { name: 'TARMAC_BUILD_DATE', default: 'the commit\'s date', description: 'Build date reported by `GET /api/version` (ISO 8601); set by release builds.' },
  { name: 'NODE_ENV', default: 'production', description: '`development` switches the log format to `pretty`.' },
];

/** The configuration reference, generated from `configVariables`. */
export function renderConfigurationReference(): string {
  const escape = (text: string) => text.replace(/\|/g, '\\|');
  const rows = configVariables.map((v) => `| \`${v.name}\` | ${escape(v.default)} | ${escape(v.description)} |`);
  return [
    '# Configuration',
    '',
    'Tarmac reads its configuration from environment variables only. A wrong value stops start-up',
    'with a message that names the variable. This page is generated from',
    '`packages/server/src/config-reference.ts` by `npm run docs:config`; edit the descriptions there.',
    '',
    '| Variable | Default | Meaning |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
