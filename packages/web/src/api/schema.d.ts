// generated, do not edit: `npm run api` writes this file from packages/server/openapi.json
// (openapi-typescript); the web client (src/api/client.ts) reads every answer through it.
export interface paths {
    "/api/admin/audit-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit log
         * @description Administrators only. Lines newest first, filtered; totals in X-Total-Count. 422 for an unknown action, a date that is not ISO 8601, or `from` after `to`.
         */
        get: operations["listAuditEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/audit-events/actions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The actions of the audit log
         * @description Administrators only. Every action the audit log records, for a filter.
         */
        get: operations["listAuditActions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/audit-events/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export the audit log
         * @description Administrators only. Every line matching the filters (as the list takes them), oldest first, as a CSV or JSON file download, streamed. CSV cells that start with = + - or @ are prefixed with ' so a spreadsheet shows them as text.
         */
        get: operations["exportAuditEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/backups/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Backup plans
         * @description Administrators only. Every plan, by name, with its next runs.
         */
        get: operations["listBackupPlans"];
        put?: never;
        /**
         * Make a backup plan
         * @description Administrators only. 422 names each bad field (a bad schedule carries the parser's message).
         */
        post: operations["createBackupPlan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/backups/plans/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A backup plan
         * @description Administrators only.
         */
        get: operations["getBackupPlan"];
        put?: never;
        post?: never;
        /**
         * Delete a backup plan
         * @description Administrators only. Its stored archives stay (they are deleted one by one).
         */
        delete: operations["deleteBackupPlan"];
        options?: never;
        head?: never;
        /**
         * Change a backup plan
         * @description Administrators only. Send only the fields to change.
         */
        patch: operations["updateBackupPlan"];
        trace?: never;
    };
    "/api/admin/backups/plans/{id}/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a backup plan now
         * @description Administrators only. Queues one run (a disabled plan runs too); 202 with the run id to poll.
         */
        post: operations["runBackupPlan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/backups/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Backup runs and their archives
         * @description Administrators only. Newest first.
         */
        get: operations["listBackupRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/backups/runs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A backup run, with its progress
         * @description Administrators only. Poll it while the run is queued or running.
         */
        get: operations["getBackupRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/backups/runs/{id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a run's archive
         * @description Administrators only. The tar archive, with Range support; 404 `backups.archive_gone` once it was pruned or deleted. Audited.
         */
        get: operations["downloadBackupArchive"];
        put?: never;
        post?: never;
        /**
         * Delete a run's archive
         * @description Administrators only. Removes the archive and its `.sha256`; the run stays, without an archive. Audited.
         */
        delete: operations["deleteBackupArchive"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/backups/runs/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a backup run
         * @description Administrators only. A queued run fails at once with "Cancelled"; a running one stops at its next step and removes its unfinished file. 409 `backups.run_finished` once it is done or failed.
         */
        post: operations["cancelBackupRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/backups/schedule-preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * When a schedule fires
         * @description Administrators only. The next three times, UTC; 422 with the parser's message for a bad schedule.
         */
        get: operations["previewBackupSchedule"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/database": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Tables: rows and sizes
         * @description Administrators only. Every table with its row count (PostgreSQL: estimated from 100 000 rows up) and its size with indexes (SQLite: from dbstat), and the whole database's size.
         */
        get: operations["getDatabaseView"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/database/statements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The slowest SQL statements (PostgreSQL)
         * @description Administrators only. From pg_stat_statements when the extension is loaded (shared_preload_libraries) and installed (CREATE EXTENSION); otherwise `available: false` with the reason. Query text is normalized: no values.
         */
        get: operations["getDatabaseStatements"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Background jobs in one state
         * @description Administrators only. Waiting jobs soonest first, failed and done jobs latest first; totals in X-Total-Count.
         */
        get: operations["listJobs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/jobs/counts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Background jobs per state
         * @description Administrators only.
         */
        get: operations["countJobs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Discard a failed or waiting job
         * @description Administrators only. A running job cannot be discarded (409).
         */
        delete: operations["discardJob"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/jobs/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a failed or waiting job again now
         * @description Administrators only. Its attempts start again from 0.
         */
        post: operations["retryJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This process's recent log lines
         * @description Administrators only. Newest first, from the bounded buffer of the process that answers (TARMAC_LOG_BUFFER_LINES); with several instances each keeps its own. Lines are redacted as on stdout.
         */
        get: operations["listLogLines"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/mail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How this server sends mail
         * @description Administrators only. From TARMAC_SMTP_URL and TARMAC_MAIL_FROM; never the password.
         */
        get: operations["getMailSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/mail/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test mail
         * @description Administrators only. Sends a test message (to the administrator's own address unless `to` is given). 409 when mail is not configured; 422 for an address that is not one mailbox; 502 when the mail server refused or could not be reached (`params.failure`: recipient-refused, auth-failed, tls-failed, unreachable, timeout, failed).
         */
        post: operations["sendTestMail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/restores": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Restores
         * @description Administrators only. Newest first.
         */
        get: operations["listRestores"];
        put?: never;
        /**
         * Check a run's archive for a restore
         * @description Administrators only. 202: the `backup.restore` job verifies every checksum and makes the dry-run report (state checking, then ready or failed with error_code). 422 on run_id when the run has no archive.
         */
        post: operations["createRestore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/restores/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a backup archive to restore
         * @description Administrators only. multipart/form-data with the archive (.tar) in `file`, streamed to disk up to TARMAC_MAX_RESTORE_UPLOAD_BYTES (413 beyond). 422 on `file` when it is missing or not a tar. 202: the `backup.restore` job verifies every checksum and makes the dry-run report, as for a run's archive (POST /api/admin/restores); poll the restore.
         */
        post: operations["uploadRestore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/restores/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A restore, with its report and progress
         * @description Administrators only; answered during maintenance mode. Poll it while checking or restoring.
         */
        get: operations["getRestore"];
        put?: never;
        post?: never;
        /**
         * Forget a restore
         * @description Administrators only. 409 `restores.busy` while it runs.
         */
        delete: operations["deleteRestore"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/restores/{id}/apply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace this instance's data with the archive
         * @description Administrators only. `confirm` must be confirm_text (422). 409 `restores.not_ready` unless ready, `restores.refused` when the report has refusals, `restores.busy` while another runs. Every other request is answered 503 `maintenance` until it ends; it replaces the accounts and signs everyone out.
         */
        post: operations["applyRestore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/schedules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recurring jobs
         * @description Administrators only. Every job that runs on a schedule, its schedule, next run and last run.
         */
        get: operations["listSchedules"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/schedules/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The next runs of a schedule
         * @description Administrators only. The next three times a spec fires, or valid false with the parser's message (a preview, not an error).
         */
        get: operations["previewSchedule"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/schedules/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a recurring job
         * @description Administrators only. Its schedule (null: the default) and whether it runs; applies at the next tick on every instance.
         */
        put: operations["updateSchedule"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/schedules/{name}/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a recurring job now
         * @description Administrators only. Queues it at once (whether or not it is turned off); answers the job id.
         */
        post: operations["runScheduleNow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every setting, with where its value comes from
         * @description Administrators only. Each setting: value, default, source (default, environment, saved), whether it can be changed here, hints.
         */
        get: operations["listAdminSettings"];
        /**
         * Change settings
         * @description Administrators only. Send only the settings to change, `{"key": value}`; nothing is saved unless all are right. 422 names each bad value; 409 for a setting an environment variable holds (`settings.from_environment`) or one changed on its own screen. Applies at once, without a restart; each changed key writes an audit line.
         */
        put: operations["updateAdminSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/settings/check-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check the public URL
         * @description Administrators only. This server fetches `<public URL>/api/version` (TARMAC_URL, or the address of this request when it is unset) and answers whether it answered, over https, with a certificate it trusts, and whether it is this Tarmac.
         */
        post: operations["checkPublicUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/settings/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Put a setting back to its default
         * @description Administrators only. Forgets the saved value; 404 for a key that is not a setting, 409 for one the environment holds.
         */
        delete: operations["resetAdminSetting"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/sign-in-providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sign-in providers
         * @description Administrators only. Every provider, in sign-in page order.
         */
        get: operations["listSignInProviders"];
        put?: never;
        /**
         * Add a sign-in provider
         * @description Administrators only. `settings` follows the kind (docs/sign-in.md); wrong fields answer 422 per `settings.<field>`.
         */
        post: operations["createSignInProvider"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/sign-in-providers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A sign-in provider */
        get: operations["getSignInProvider"];
        /**
         * Change a sign-in provider
         * @description Only what is sent changes; an omitted secret is kept. A provider from the environment answers 409.
         */
        put: operations["updateSignInProvider"];
        post?: never;
        /**
         * Remove a sign-in provider
         * @description Removes its linked identities too. A provider from the environment answers 409.
         */
        delete: operations["deleteSignInProvider"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/sign-in-providers/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test a sign-in provider
         * @description LDAP: connect, StartTLS, service bind and, given `username`, what it maps to. OIDC: the discovery document. Presets: the server answers.
         */
        post: operations["testSignInProvider"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/sign-in-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether passwords sign in */
        get: operations["getPasswordSignIn"];
        /**
         * Turn password sign-in on or off (SSO-only)
         * @description Off is refused with 409 while no provider is enabled or while you have no linked identity. `tarmac sign-in allow-passwords` turns it back on.
         */
        put: operations["setPasswordSignIn"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/system": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * System information and configuration verdicts
         * @description Administrators only. Build, Node, host, database, storage and jobs, the health checks, and a verdict with a sentence for each part of the configuration. Never secrets. Fetches TARMAC_URL/api/health from the server (3 s at most).
         */
        get: operations["getSystemInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/zealot-import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the Zealot import did
         * @description Administrators only. Whether anything was imported, when, and per Zealot table how many rows were imported, merged, skipped or refused (every run of `tarmac import zealot` together).
         */
        get: operations["getZealotImport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/zealot-import/rows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The Zealot rows not simply imported
         * @description Administrators only. Rows merged, skipped or refused, and imported rows that carry a detail (such as a missing file), newest first; totals in X-Total-Count.
         */
        get: operations["listZealotImportRows"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List apps
         * @description A global admin sees every app, anyone else the apps they collaborate on; while guest mode is on, a caller who is not signed in sees the public apps (no owner, no channel keys). A plain array in id order, each app with its schemes and channels, its icon and build count, and each channel's build count and newest build; totals in the X-Total-Count and Link headers.
         */
        get: operations["listApps"];
        put?: never;
        /**
         * Create an app
         * @description Global developers and admins. The caller becomes the owner and an admin of the app. Schemes and their channels may be created in the same request.
         */
        post: operations["createApp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/latest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Builds newer than the caller’s
         * @description What the Zealot SDKs call at start-up. `releases` holds the channel’s builds newer than the given versions, newest first, at most 50, always an array (empty: up to date). With release_version and build_version, newer means a higher release_version, or the same one with a higher build_version; with only one of them, that one alone decides; with neither, every build. Versions compare as RubyGems versions (`1.10` > `1.9`, `1.0` = `1`, `1.0.rc1` < `1.0`). `Last-Modified` is the newest answered build’s upload time.
         */
        get: operations["getLatestReleases"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/presets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the schemes a new app starts with
         * @description Whoever may create apps (global developers and admins; others 403): the preset schemes and channels (the preset_schemes setting) that POST /api/apps creates when its body has no `schemes`, and the builds a new scheme keeps (default_retained_builds). Read at each request: a settings change shows at once.
         */
        get: operations["getAppPresets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a build
         * @description Zealot-compatible upload (fastlane, curl, Gradle and CI scripts). multipart/form-data with the package in `file`. With `channel_key`, the build goes to that channel: you need to be one of its app's developers or admins; the package's platform must be the channel's device type and its bundle id must pass the channel's rule ("*", a glob like "com.example.*", or Zealot's unanchored regular expression). Without it, the build goes to an existing channel you may upload to that takes the package's platform and passes its rule: the one with the newest build of the same bundle id, else one of an app named as the new app would be (`name`, or the package's name). When there is none, a new app, a scheme (named after `release_type`, or "Default") and a channel for the platform are made, owned by you (developers and admins). Answers 201 with the release, its app, scheme and channel, and `placement` (which of these happened). An unreadable package is 422 with the reason in details.file; a file over TARMAC_MAX_UPLOAD_BYTES is 413.
         */
        post: operations["uploadRelease"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/version_exist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether a build was already uploaded
         * @description What fastlane’s zealot_version_check calls. Send bundle_id with release_version and build_version, or bundle_id with git_commit; every one given (not empty) must match exactly, so release_version alone finds any build of it. Answers the latest matching build, or 404 `Not found release`; 422 when none of the three is given.
         */
        get: operations["checkVersionExists"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A channel’s builds, page by page
         * @description The channel’s builds, the latest upload first, 10 per page unless per_page says otherwise. Totals are in the X-Total-Count, X-Total-Pages and Link headers.
         */
        get: operations["listChannelVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/{app_id}/collaborators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a collaborator to an app
         * @description The app's admins only. Name the user by user_id, email or username (the first given wins). 409 when they already collaborate.
         */
        post: operations["addCollaborator"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/{app_id}/collaborators/candidates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find users to add to an app
         * @description The app's admins and global admins only (so that they can add people without the right to list users). Unlocked users who are not on the team yet, named by `q`: a whole email, or the first 3 or more characters of a username (any case); by username, at most `limit` (10 by default). A shorter `q` is a 422: it never lists everyone.
         */
        get: operations["listCollaboratorCandidates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/{app_id}/collaborators/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a collaborator
         * @description Any collaborator of the app. 404 when the user is not on the app's team.
         */
        get: operations["getCollaborator"];
        /**
         * Change a collaborator's role
         * @description The app's admins only. The owner stays an admin (409).
         */
        put: operations["updateCollaborator"];
        post?: never;
        /**
         * Remove a collaborator
         * @description The app's admins only. The owner cannot be removed (409): transfer ownership first.
         */
        delete: operations["removeCollaborator"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/{app_id}/schemes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an app's schemes
         * @description Any collaborator of the app. A plain array in id order, each with its channels; totals in the X-Total-Count and Link headers.
         */
        get: operations["listSchemes"];
        put?: never;
        /**
         * Create a scheme
         * @description The app's admins only; 409 when the app is archived.
         */
        post: operations["createScheme"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/{app_id}/transfer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Transfer an app's ownership
         * @description The owner or a global admin only. The new owner must already be a collaborator; they become an admin and the owner, and the old owner stays an admin.
         */
        post: operations["transferApp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an app
         * @description Any collaborator of the app (and global admins): the app with its schemes, channels and collaborators. While guest mode is on, a caller who is not signed in gets a public app without collaborators, owner or channel keys; any other app is 404.
         */
        get: operations["getApp"];
        /**
         * Update an app
         * @description The app's admins only. An archived app refuses changes (409) unless the same request unarchives it (`archived: false`).
         */
        put: operations["updateApp"];
        post?: never;
        /**
         * Delete an app
         * @description The app's admins only, archived or not. Removes its schemes, channels, collaborators, releases and the releases' stored files.
         */
        delete: operations["deleteApp"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/{id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive an app
         * @description The app's admins only. An archived app is read-only: no uploads, no changes to it, its schemes or channels. Archiving twice is harmless.
         */
        post: operations["archiveApp"];
        /**
         * Unarchive an app
         * @description The app's admins only. Unarchiving an active app is harmless.
         */
        delete: operations["unarchiveApp"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/channels/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a channel
         * @description Any collaborator of the app. The key is included for the app’s developers and admins (and global admins) only.
         */
        get: operations["getChannel"];
        /**
         * Update a channel
         * @description The app's admins only; 409 when the app is archived. Send only the fields to change; `password: ""` removes the password.
         */
        put: operations["updateChannel"];
        post?: never;
        /**
         * Delete a channel
         * @description The app's admins only; 409 when the app is archived. Removes the channel's releases and their stored files.
         */
        delete: operations["deleteChannel"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/channels/{id}/key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Regenerate a channel's key
         * @description The app's admins only. The old key stops working at once (uploads, version checks); answers the channel with its new key. Works on archived apps too.
         */
        post: operations["regenerateChannelKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/channels/{id}/releases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a channel's releases
         * @description Any collaborator of the app. The builds list of the web app: the latest upload first, filtered by branch, release type and version text; a plain array of releases, totals in the X-Total-Count, X-Total-Pages and Link headers. For a password-protected channel, install_url, download_url and icon_url carry a `grant` as in GET /api/releases/{id}. While guest mode is on, a caller who is not signed in reads the channels without a password of public apps (no channel key, no grant); anything else is 404, and with guest mode off it is 401 as before.
         */
        get: operations["listChannelReleases"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/channels/{id}/releases/facets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A channel's branches and release types
         * @description Any collaborator of the app. The distinct branches and release types of the channel's releases, with counts: the choices of the builds list's filters. While guest mode is on, a caller who is not signed in reads the channels without a password of public apps (no channel key, no grant); anything else is 404, and with guest mode off it is 401 as before.
         */
        get: operations["listChannelReleaseFacets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/channels/{id}/subscribers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a channel's subscribers
         * @description Any collaborator of the app. A plain array, oldest first; totals in the X-Total-Count and Link headers. The X-Mail-Configured header is `true` when the server sends mail (TARMAC_SMTP_URL), `false` when nobody is mailed.
         */
        get: operations["listChannelSubscribers"];
        put?: never;
        /**
         * Add a subscriber to a channel
         * @description The app's admins only; 409 when the address is already subscribed or the app is archived. The address is active at once (a pending one from the install page becomes active) and gets a mail saying who added it, with a link to unsubscribe.
         */
        post: operations["addChannelSubscriber"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/channels/{id}/subscribers/{subscriber_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a subscriber from a channel
         * @description The app's admins only. No mail is sent.
         */
        delete: operations["removeChannelSubscriber"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/channels/{id}/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a channel's webhooks
         * @description Anyone who may read the app: the channel's own hooks and the shared hooks attached to it (editable only for who may change them). A plain array. URLs and secrets are never answered: url_masked and has_secret say what is set.
         */
        get: operations["listChannelWebhooks"];
        put?: never;
        /**
         * Create a channel webhook
         * @description The app's admins and global admins. 422 names each bad field; 409 when the app is archived.
         */
        post: operations["createChannelWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Counts and recent uploads
         * @description Apps, releases, debug files, storage used and the ten newest uploads the caller can see; administrators also get the number of users.
         */
        get: operations["getDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/debug_files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an app's debug files
         * @description By `app_id` for the app's team (any collaborator, and global admins), or by `channel_key` without a token (Zealot's public list: the channel's app, files of the channel's platform). Filters: device_type, release_version (every build of it, compared as versions), build_version, uuid. A plain array, newest upload first (or `order=version`: highest version first); totals in the X-Total-Count and Link headers.
         */
        get: operations["listDebugFiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/debug_files/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the debug file of a build
         * @description Zealot's call: no token, the channel key is the credential. The channel's app's file of the channel's platform for release_version (required) and build_version (optional: any build of that release); with several, `order=version` (default) takes the highest build, `order=upload_date` the newest upload. Answers 302 to the zip (a signed link valid 15 minutes), or 404 when none matches.
         */
        get: operations["downloadDebugFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/debug_files/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a dSYM or Proguard zip
         * @description Zealot-compatible (fastlane's zealot_debug_file, curl). multipart/form-data with the zip in `file` and a channel's key in `channel_key`: you need to be one of the app's developers or admins. The kind is read from the content: a dSYM needs an iOS or macOS channel, a Proguard mapping an Android one. Versions come from the fields, else from the dSYM (Info.plist) or the zip's AndroidManifest.xml; a Proguard mapping without them is 422. Answers 201 with the file, linked to the build with the same versions. The same zip again (same SHA-256) for the same app, platform and versions answers 201 with the file already stored, and stores nothing; a zip with UUIDs the app already has in other bytes (a re-zipped dSYM), or the same zip for other versions or platforms, is a new file. `keep_both` is accepted and changes nothing. A zip that is neither a dSYM nor a Proguard mapping is 422 saying what it holds; a file over TARMAC_MAX_UPLOAD_BYTES is 413.
         */
        post: operations["uploadDebugFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/debug_files/uuid/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find the debug files holding a UUID
         * @description What a crash reporter has in hand: a Mach-O slice UUID (LC_UUID, from the crash report's binary images) or a Proguard mapping id (Sentry's debug id or Zealot's), any case, with or without dashes. Answers every file holding it among the apps the caller can see (every app for a global admin), newest upload first, as a plain array (totals in the X-Total-Count and Link headers); several when the same symbols were uploaded again in other bytes (a re-zipped dSYM) or for other versions (an unchanged mapping). 404 when none holds it.
         */
        get: operations["findDebugFileByUuid"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/debug_files/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a debug file
         * @description Any collaborator of the app, and global admins: the file, its entries (UUIDs, architectures, objects or Proguard files) and its linked build.
         */
        get: operations["getDebugFile"];
        put?: never;
        post?: never;
        /**
         * Delete a debug file
         * @description The app's developers and admins (other collaborators 403, outsiders 404); the stored zip is removed too. An archived app's files are kept (409).
         */
        delete: operations["deleteDebugFile"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/demo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Demo mode
         * @description Whether this instance runs in demo mode (TARMAC_DEMO_MODE): a read-only showcase where every change answers 403 `demo.read_only` and the data is reset daily at 00:00 UTC; and, then, the demo accounts and their password.
         */
        get: operations["getDemoMode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List registered iOS devices
         * @description Devices that sent their UDID through /udid, most recently updated first. Any signed-in user. A plain array; totals are in the X-Total-Count, X-Total-Pages and Link headers.
         */
        get: operations["listDevices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/lookup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Find the registered devices among UDIDs
         * @description The registered devices among the UDIDs sent (a provisioning profile's device list), so a build's devices show the team's names; a UDID not registered is left out. One query whatever the count. Any signed-in user (as the device list). A value that is not a UDID is 422.
         */
        post: operations["lookupDevices"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a registered iOS device
         * @description Any signed-in user.
         */
        get: operations["getDevice"];
        put?: never;
        post?: never;
        /**
         * Delete a registered iOS device
         * @description Global administrators. The device can register again through /udid.
         */
        delete: operations["deleteDevice"];
        options?: never;
        head?: never;
        /**
         * Rename a registered iOS device
         * @description Global developers and administrators. The name is trimmed; an empty string clears it.
         */
        patch: operations["updateDevice"];
        trace?: never;
    };
    "/api/devices/{udid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Create or update a device from the Apple developer account
         * @description What fastlane's zealot_sync_devices sends for each device of the Apple account (form-encoded or JSON). Finds the device by UDID or creates it (source `sync`); answers 200 with the device either way. A stored device keeps its source and what it reported through /udid, and takes the name, model, platform and status the sync gives; an empty or absent field keeps the stored value. The same sync again changes nothing. Global developers and administrators.
         */
        put: operations["syncDevice"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health as text
         * @description Answers `healthy`, or 500 `unhealthy` when the database does not answer.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Health as JSON */
        get: operations["getHealthJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health/{checks}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health checks: all of them or some by name
         * @description `full` (or `all`) runs every check; `database`, `storage`, `jobs`, `mail` one, several joined by `_` (`database_storage`). 500 when one failed. JSON, or `healthy`/`unhealthy` as text when Accept asks for text/plain. Only addresses in TARMAC_HEALTH_ALLOWED_IPS and signed-in administrators may read them (403 `health.address_not_allowed`).
         */
        get: operations["getHealthChecks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List invitations
         * @description Administrators see all; an app's administrator those they sent and those for their apps. Newest first.
         */
        get: operations["listInvitations"];
        put?: never;
        /**
         * Invite by email
         * @description Mails a link that creates an account (whatever the registration policy) and joins the apps given. Administrators invite anyone into any apps with any role; an app's administrator only into apps they administer, as member or developer. 409 when the address has an account and no apps are given, or when no mail server is configured.
         */
        post: operations["createInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invitation
         * @description Not signed in: creates the account (the invited email, counted as confirmed) with username and password, joins the apps, signs in (201, the session and redirect_to). Signed in to the account with the invited email: joins the apps (200). 409 when the address has an account and nobody is signed in; 403 when another account is signed in, and in SSO-only mode when nobody is (sign in with a provider, then accept).
         */
        post: operations["acceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invitations/lookup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What an invitation link is for
         * @description No sign-in needed: the key of the link. 404 when it is unknown, accepted, revoked or expired.
         */
        get: operations["lookupInvitation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invitations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an invitation
         * @description Its link stops working. 409 when it was accepted or revoked already.
         */
        delete: operations["revokeInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invitations/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an invitation again
         * @description Mails a new link (the old one stops working) valid for another 7 days, expired or not.
         */
        post: operations["resendInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/password/forgot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a password reset link
         * @description Answers 202 and the same body whether or not an account has the address; the mail (a link to `/reset-password?key=…`, working once for 30 minutes, voiding older ones) goes out in the background. A locked account gets none. 503 when mail is not configured; 429 after too many requests; 403 in SSO-only mode.
         */
        post: operations["forgotPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/password/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whose password a reset link changes
         * @description Does not use the link up. 404 (`account.link_expired`) when it is unknown, used or expired.
         */
        get: operations["getPasswordReset"];
        put?: never;
        /**
         * Choose a new password with a mailed link
         * @description Uses the link (once), sets the password, ends every session of the account and signs this browser in; an account with two-factor sign-in gets 202 and a challenge for POST /api/session/two-factor instead. 403 in SSO-only mode.
         */
        post: operations["resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/releases/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a release
         * @description Any collaborator of the app. The release with its app, scheme and channel; the channel key only for developers and admins. For a password-protected channel, install_url, download_url and icon_url carry a `grant`, so the links work without the password. While guest mode is on, a caller who is not signed in reads the channels without a password of public apps (no channel key, no grant); anything else is 404, and with guest mode off it is 401 as before.
         */
        get: operations["getRelease"];
        /**
         * Update a release
         * @description The app's developers and admins; 409 when the app is archived. JSON, a form or multipart fields; send only what changes. changelog and custom_fields take the same shapes as the upload; custom_fields is stored and answered exactly as sent (any JSON).
         */
        put: operations["updateRelease"];
        post?: never;
        /**
         * Delete a release
         * @description The app's developers and admins; 409 when the app is archived. Removes the row, then the package and icon.
         */
        delete: operations["deleteRelease"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/releases/{id}/icon": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A release's icon
         * @description The icon taken from the package, as PNG; 404 when the package had none. Only for the app's team (a collaborator or global admin, signed in or with a token) or the holder of the channel's grant (the `grant` parameter, or the cookie the release page sets), and while guest mode is on anyone for a public app's channel without a password; 404 for anyone else, as for a release that does not exist. The public icon URL, which carries the channel's slug, is the icon_url in release answers.
         */
        get: operations["getReleaseIcon"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/schemes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a scheme
         * @description Any collaborator of the app.
         */
        get: operations["getScheme"];
        /**
         * Update a scheme
         * @description The app's admins only; 409 when the app is archived. Send only the fields to change.
         */
        put: operations["updateScheme"];
        post?: never;
        /**
         * Delete a scheme
         * @description The app's admins only; 409 when the app is archived. Removes its channels, their releases and the releases' stored files.
         */
        delete: operations["deleteScheme"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/schemes/{scheme_id}/channels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a scheme's channels
         * @description Any collaborator of the app. A plain array in id order; totals in the X-Total-Count and Link headers. The key is included for the app’s developers and admins (and global admins) only.
         */
        get: operations["listChannels"];
        put?: never;
        /**
         * Create a channel
         * @description The app's admins only; 409 when the app is archived. A random slug when none is given, and a new secret key.
         */
        post: operations["createChannel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user and the CSRF token
         * @description Answers the browser session: the user and the CSRF token, or `{"user": null, "csrf_token": null}` when this browser is not signed in (a token is not a browser session). Signed out is an answer here, not an error, so the web app can ask at start-up without a failed request.
         */
        get: operations["getSession"];
        put?: never;
        /**
         * Sign in
         * @description Sets the session cookie and answers the CSRF token (200). For an account with two-factor sign-in the right password answers 202 with a challenge instead (no session, no cookie): send it with a code to POST /api/session/two-factor. A locked account is refused with 403. After too many wrong passwords from one address (`TARMAC_MAX_FAILED_ATTEMPTS` in 15 minutes, per account, whether named by username or email; five times that for the address) the answer is 429 with Retry-After, even for the right password.
         */
        post: operations["signIn"];
        /**
         * Sign out
         * @description Ends this browser session. Needs the X-CSRF-Token header.
         */
        delete: operations["signOut"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session/ldap/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with an LDAP provider
         * @description Sets the session cookie like POST /api/session. 401 for a wrong username or password, 403 for an entry outside the group or an identity refusal, 409 `identity.link_required` when an account already has the email, 503 when the directory cannot be used.
         */
        post: operations["signInWithLdap"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whose account a sign-in link opens
         * @description Does not use the link up (a mail scanner may follow it). 404 when it is unknown, used or expired.
         */
        get: operations["getSignInLink"];
        put?: never;
        /**
         * Mail a one-time sign-in link
         * @description Only while `sign_in_link_enabled` is on (403 otherwise). Answers 202 and the same body whether or not an account has the address; the mail (a link to `/sign-in/link?key=…`, working once for 15 minutes) goes out in the background.
         */
        post: operations["requestSignInLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session/link/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with a mailed link
         * @description Uses the link (once) and signs this browser in; an account with two-factor sign-in gets 202 and a challenge for POST /api/session/two-factor instead.
         */
        post: operations["confirmSignInLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session/two-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in: the second step
         * @description The challenge from POST /api/session and either `code` (from the authenticator app) or `recovery_code` (each works once): sets the session cookie. A wrong code answers 401 `auth.two_factor_code_wrong`; after five on one challenge, or once it is 5 minutes old, 401 `auth.two_factor_challenge_expired` (sign in again). Wrong codes count with wrong passwords towards the 429.
         */
        post: operations["signInSecondFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Instance settings
         * @description Administrators only.
         */
        get: operations["getSettings"];
        /**
         * Change instance settings
         * @description Administrators only. Send only the settings to change; answers them all. 409 when email confirmation is turned on while no mail server is configured.
         */
        put: operations["updateSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/public": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Settings anyone may read
         * @description No sign-in needed: who may sign up, for the sign-in and sign-up pages.
         */
        get: operations["getPublicSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sign-in-providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the sign-in page offers
         * @description No sign-in needed: the enabled providers and whether the password form shows.
         */
        get: operations["listPublicSignInProviders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teardown": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Inspect an app or debug file
         * @description multipart/form-data with the file in `file`: any package Tarmac reads (ipa, apk, aab, hap, app, macOS app, dmg, pkg, exe, zipped Windows app folder, msix, msi, deb, rpm, AppImage), a debug file (zipped dSYM, Proguard mapping) or a provisioning profile. Answers what the parser reads, the same JSON as the `appinfo` command; nothing is stored. An unreadable file is 422 with the reason (details.file starts with the parser's error code); a file over TARMAC_MAX_UPLOAD_BYTES is 413.
         */
        post: operations["teardownFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The token's own user */
        get: operations["getCurrentUser"];
        /**
         * Update your own profile
         * @description Username, email, locale, appearance, time zone; a new password needs current_password. After too many wrong current passwords (`TARMAC_MAX_FAILED_ATTEMPTS` in 15 minutes for the account; five times that for the address, counted with wrong sign-ins) a password change is answered 429 with Retry-After, even with the right one.
         */
        put: operations["updateCurrentUser"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/identities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your linked sign-in identities
         * @description The providers (LDAP, OpenID Connect, GitHub…) you can sign in with, oldest link first.
         */
        get: operations["listIdentities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/identities/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Link a provider identity to your account
         * @description When a provider signs in someone whose verified email belongs to an account, nothing is linked: the answer carries a `link_token` (15 minutes). Signed in to that account, its owner sends the token here to link the identity. A token for another account is refused with 403; an unknown, used or expired one with 404.
         */
        post: operations["confirmIdentityLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/identities/ldap/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Link your directory account
         * @description Checks the directory username and password and links that entry to your account. 409 when it is linked to another account.
         */
        post: operations["linkLdapIdentity"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/identities/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a linked sign-in identity
         * @description The provider no longer signs you in. Refused with 409 when it is your only way to sign in (no password).
         */
        delete: operations["unlinkIdentity"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your personal access tokens
         * @description Newest first. Secrets are never shown again; the prefix tells tokens apart.
         */
        get: operations["listTokens"];
        put?: never;
        /**
         * Create a personal access token
         * @description The answer carries the secret once. Send it as the `token` query or form field, or as `Authorization: Bearer`.
         */
        post: operations["createToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a personal access token
         * @description The token stops working at once.
         */
        delete: operations["revokeToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/two-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your two-factor sign-in
         * @description Whether it is on, since when, how many recovery codes are left, and whether an administrator requires it.
         */
        get: operations["getTwoFactor"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/two-factor/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn two-factor sign-in off
         * @description Needs your password and a current code (or a recovery code), with a session or a token alike.
         */
        post: operations["disableTwoFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/two-factor/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn two-factor sign-in on
         * @description Confirms the pending secret with the code the app shows. Answers ten recovery codes, shown only now.
         */
        post: operations["enableTwoFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/two-factor/recovery-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * New recovery codes
         * @description Needs your password. Ten new codes, shown only now; the earlier ones stop working.
         */
        post: operations["regenerateRecoveryCodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/two-factor/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start setting up two-factor sign-in
         * @description Needs your password. Answers a new secret (pending until confirmed with POST /api/user/two-factor/enable), its otpauth:// URI and a QR code. 409 when it is already on, or for an account made by a sign-in provider (no password).
         */
        post: operations["setUpTwoFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List users
         * @description Administrators only. A plain array; totals are in the X-Total-Count, X-Total-Pages and Link headers.
         */
        get: operations["listUsers"];
        put?: never;
        /**
         * Create a user
         * @description Administrators only. The role is member unless given.
         */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/confirm-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm an email
         * @description Follows the link of a confirmation mail: confirms the address and signs in. 404 for an unknown, used or expired key.
         */
        post: operations["confirmEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/confirm-email/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a new confirmation link
         * @description Always 202, whether or not an unconfirmed account has the address (nobody learns which do). A new link replaces the old one. 429 after too many requests from one client in an hour; a few mails per address an hour at most.
         */
        post: operations["resendEmailConfirmation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller (Zealot path) */
        get: operations["getUsersMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign up
         * @description Creates an account with the default role (`default_role`) under the registration policy (`registration_policy`, see GET /api/settings/public): 403 while it is closed or by invitation, or when the email is not at a listed domain (`signup.domain_not_allowed`). Signs it in (session cookie, CSRF token), or, while email confirmation is required, answers {confirmation_sent} and mails a link that works for 24 hours.
         */
        post: operations["registerUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find a user by email
         * @description Administrators only. Answers the one user whose email matches exactly (any case), or 404.
         */
        get: operations["searchUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a user
         * @description Administrators only.
         */
        get: operations["getUser"];
        /**
         * Update a user
         * @description Administrators only. Send only the fields to change; a new password signs the user out of the web.
         */
        put: operations["updateUser"];
        post?: never;
        /**
         * Delete a user
         * @description Administrators only. Removes the account, its tokens and sessions. You cannot delete yourself or the last administrator.
         */
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}/lock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Lock a user
         * @description Administrators only. The user can no longer sign in or use tokens; their data stays. GET is the documented Zealot path, POST what its server accepts.
         */
        get: operations["lockUser"];
        put?: never;
        /**
         * Lock a user
         * @description Administrators only. The user can no longer sign in or use tokens; their data stays. GET is the documented Zealot path, POST what its server accepts.
         */
        post: operations["lockUserPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}/two-factor/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn a user's two-factor sign-in off
         * @description Administrators only: for a user who lost their phone. Their password stays; they sign in with it and may set two-factor sign-in up again.
         */
        post: operations["resetTwoFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}/unlock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Unlock a user
         * @description Administrators only. Zealot contract: unlocking is a DELETE.
         */
        delete: operations["unlockUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/version": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Version information */
        get: operations["getVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List shared webhooks
         * @description Global admins only. Totals in the X-Total-Count and Link headers.
         */
        get: operations["listSharedWebhooks"];
        put?: never;
        /**
         * Create a shared webhook
         * @description Global admins only; channel_ids are the channels it posts for.
         */
        post: operations["createSharedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview a webhook body
         * @description The exact body a hook with these settings would post, from the channel's newest build (channel_id: who may manage its hooks), or the sample build. 422 on template for a bad template.
         */
        post: operations["previewWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook
         * @description Who may read its channel's app (shared hooks: global admins, and the teams of its channels). URLs and secrets are never answered: url_masked and has_secret say what is set.
         */
        get: operations["getWebhook"];
        /**
         * Change a webhook
         * @description Channel hooks: the app's admins (409 when the app is archived); shared hooks: global admins. Send only what changes.
         */
        put: operations["updateWebhook"];
        post?: never;
        /**
         * Delete a webhook
         * @description As for changing it. Its deliveries and their attempts go with it.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a webhook's deliveries
         * @description Newest first, each with its attempts. Shared hooks: global admins only.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries/{delivery_id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again
         * @description A new delivery of the same body (a new id), queued now.
         */
        post: operations["redeliverWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test message
         * @description Queues a "test" delivery (the newest build of its first channel, or the sample); poll the deliveries.
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description A personal access token (its secret is shown only once, at creation). */
        ApiToken: {
            id: number;
            /** @description What the token is for. */
            name: string;
            /** @description The first characters of the secret, to recognise it. */
            prefix: string;
            expires_at: string | null;
            last_used_at: string | null;
            /** Format: date-time */
            created_at: string;
        };
        /** @description An app with its schemes and channels. */
        App: {
            id: number;
            name: string;
            /** @description An archived app is read-only until unarchived. */
            archived: boolean;
            /** @description Whether people who are not signed in may browse and install it while the guest_mode setting is on; false by default. */
            public: boolean;
            /** @description The app's owner (its creator, unless ownership was transferred); null when their account is gone. */
            owner: {
                id: number;
                username: string;
            } | null;
            /** @description The caller's collaborator role on the app; null for a global admin who is not on its team. */
            role: ("member" | "developer" | "admin") | null;
            schemes: components["schemas"]["AppScheme"][];
            /** @description How many builds the app holds, all channels together. */
            release_count: number;
            /** @description The app's icon: that of the newest channel head (a channel's newest build) with one, on the team's path (GET /api/releases/{id}/icon); null before the first build with an icon. */
            icon_url: string | null;
        };
        /** @description A channel with its build count and newest build (the key only for the app's developers and admins). */
        AppChannel: {
            id: number;
            /** @description Short public identifier used in URLs. */
            slug: string;
            name: string;
            /** @enum {string} */
            device_type: "ios" | "android" | "harmonyos" | "macos" | "windows" | "linux";
            /** @description The bundle id / package name rule builds must pass: "*" accepts any; a glob of letters, digits, ".", "-", "_" and "*" ("com.example.*") matches the whole id; anything else is a regular expression (Ruby syntax, as in Zealot) found anywhere in the id. */
            bundle_id: string;
            git_url: string | null;
            has_password: boolean;
            /** @description The secret channel key clients upload and check versions with (developers and administrators only). */
            key?: string;
            /** @enum {string} */
            download_filename_type: "version_datetime" | "original_filename";
            /** @description How many builds the channel holds. */
            release_count: number;
            /** @description The channel's newest build (the highest version); null before the first upload. */
            latest_release: {
                id: number;
                /** @description The build's number in its channel (1, 2, …). */
                version: number;
                release_version: string | null;
                build_version: string | null;
                /**
                 * Format: date-time
                 * @description When it was uploaded.
                 */
                created_at: string;
            } | null;
        };
        /** @description A scheme with its channels, each with its build count and newest build. */
        AppScheme: {
            id: number;
            /** @description e.g. "Beta", "Release". */
            name: string;
            /** @description Whether new builds are announced: when false, uploads to the scheme's channels post to no webhook (other events still do). */
            new_build_callout: boolean;
            /** @description Builds kept per channel, newest first; 0 keeps all. */
            retained_builds: number;
            channels: components["schemas"]["AppChannel"][];
        };
        /** @description One change. Any other key the entry was sent with (a commit `hash`, a `url` …) is answered as sent. */
        ChangelogEntry: {
            message: string;
            author?: string;
            email?: string;
            date?: string;
        } & {
            [key: string]: unknown;
        };
        /** @description A channel (the key only for the app's developers and admins). */
        Channel: {
            id: number;
            /** @description Short public identifier used in URLs. */
            slug: string;
            name: string;
            /** @enum {string} */
            device_type: "ios" | "android" | "harmonyos" | "macos" | "windows" | "linux";
            /** @description The bundle id / package name rule builds must pass: "*" accepts any; a glob of letters, digits, ".", "-", "_" and "*" ("com.example.*") matches the whole id; anything else is a regular expression (Ruby syntax, as in Zealot) found anywhere in the id. */
            bundle_id: string;
            git_url: string | null;
            has_password: boolean;
            /** @description The secret channel key clients upload and check versions with (developers and administrators only). */
            key?: string;
            /** @enum {string} */
            download_filename_type: "version_datetime" | "original_filename";
        };
        /** @description Someone told by mail of the channel’s new builds. */
        ChannelSubscriber: {
            id: number;
            /** @description The address, lower-cased. */
            email: string;
            /**
             * @description `pending`: asked on the install page, has not confirmed yet (gets no build mails); `active`: gets them.
             * @enum {string}
             */
            state: "pending" | "active";
            /**
             * @description `self`: the install page’s form; `team`: added by the app’s admins.
             * @enum {string}
             */
            source: "self" | "team";
            /**
             * @description The language of the mails.
             * @enum {string}
             */
            locale: "en" | "zh-CN";
            /**
             * Format: date-time
             * @description When the address was added or asked.
             */
            created_at: string;
            confirmed_at: string | null;
        };
        /** @description A member of the app's team and their role on it. */
        Collaborator: {
            /** @description The collaborator's user id. */
            id: number;
            username: string;
            email: string;
            /**
             * @description member reads the app; developer also uploads builds, edits releases and sees channel keys; admin also manages the app, its schemes, channels and collaborators.
             * @enum {string}
             */
            role: "member" | "developer" | "admin";
            /** @description Whether this user owns the app: an admin who cannot be removed or demoted until ownership is transferred. */
            owner: boolean;
        };
        /** @description custom_fields as the pages show them (one rule with the install page): none, a table of fields, or formatted JSON; custom_fields stays as sent. */
        CustomFieldsView: {
            /** @enum {string} */
            kind: "none";
        } | {
            /** @enum {string} */
            kind: "fields";
            fields: {
                name: string;
                /** @description The value as text; "" for null. */
                value: string;
                /** @description A font-awesome class name, as sent. */
                icon?: string;
            }[];
        } | {
            /** @enum {string} */
            kind: "json";
            /** @description The JSON formatted, two spaces per level. */
            text: string;
        };
        /** @description The slowest statements PostgreSQL saw (pg_stat_statements). */
        DatabaseStatements: {
            /** @description False on SQLite, or when pg_stat_statements is not installed or not loaded. */
            available: boolean;
            /** @enum {string} */
            reason?: "sqlite" | "not_installed" | "not_loaded";
            /** @description Why the statements are not available. */
            message?: string;
            statements?: {
                /** @description Normalized text: constants are $1, $2… or ?, never the values. */
                query: string;
                calls: number;
                mean_ms: number;
                total_ms: number;
                rows: number;
            }[];
        };
        /** @description Each table's rows and size. */
        DatabaseView: {
            /** @enum {string} */
            engine: "sqlite" | "postgres";
            /** @description The whole database; null when it cannot be told. */
            total_bytes: number | null;
            tables: {
                name: string;
                rows: number;
                /** @description False when rows is PostgreSQL's estimate (tables of 100 000 rows or more). */
                rows_exact: boolean;
                /** @description Table and indexes; null when SQLite has no dbstat. */
                bytes: number | null;
            }[];
        };
        /** @description A registered Apple device. */
        Device: {
            /** @description Device id. */
            id: number;
            /** @description The UDID as Apple writes it: 40 lowercase hex digits, or 8 and 16 uppercase hex digits joined by a hyphen. */
            udid: string;
            name: string | null;
            product: string | null;
            model: string | null;
            os_version: string | null;
            ios_version: string | null;
            serial: string | null;
            imei: string | null;
            /**
             * @description Where the device came from first: `udid`, the device sent its UDID through /udid; `sync`, a sync from the Apple developer account (PUT /api/devices/{udid}); `profile`, the provisioning profile of an uploaded iOS build lists it.
             * @enum {string}
             */
            source: "udid" | "sync" | "profile";
            platform: string | null;
            status: string | null;
            /**
             * Format: date-time
             * @description When the device was first stored (its first UDID answer, or the sync that first listed it).
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Last change: a new report from the device, a sync that changed something, or a rename.
             */
            updated_at: string;
        };
        /** @description Every error answer. */
        ErrorResponse: {
            /** @description What went wrong, written for a person (in English). */
            error: string;
            /** @description A stable code naming the problem (src/error-codes.ts lists them): translate it, or branch on it. */
            code: string;
            /** @description The values the sentence names (a name, a limit …), for a translation of `code`. */
            params: {
                [key: string]: string | number;
            };
        };
        /** @description One health check. */
        HealthCheckResult: {
            /**
             * @description Which check.
             * @enum {string}
             */
            name: "database" | "storage" | "jobs" | "mail";
            /**
             * @description ok; warn: works but needs a look; fail: does not work.
             * @enum {string}
             */
            status: "ok" | "warn" | "fail";
            /** @description What was found, in plain words. */
            message: string;
            /** @description How long the check took. */
            duration_ms: number;
        };
        /** @description The checks asked for, and whether all of them pass. */
        HealthChecks: {
            /** @description False when a check failed (a warning is still healthy). */
            healthy: boolean;
            /** @description "healthy", or the failed checks' messages. */
            message: string;
            checks: components["schemas"]["HealthCheckResult"][];
        };
        /** @description One of the caller's identities at a sign-in provider. */
        Identity: {
            id: number;
            provider: {
                slug: string;
                name: string;
                /** @description ldap, oidc, github, gitlab, google, feishu or gitea. */
                kind: string;
            };
            /** @description The email the provider gave at the last sign-in. */
            email: string | null;
            display_name: string | null;
            /** Format: date-time */
            created_at: string;
            last_used_at: string | null;
        };
        /** @description A reason no device can install the build. */
        InstallProblem: {
            /** @description profile_expired: the embedded provisioning profile expired; certificate_expired: every developer certificate it lists expired (the one that signed the app is among them). */
            kind: "profile_expired" | "certificate_expired";
            /**
             * Format: date-time
             * @description When it expired.
             */
            expired_at: string;
        };
        /** @description An invitation by email. */
        Invitation: {
            id: number;
            /** @description The invited address; the account made by accepting has it. */
            email: string;
            /**
             * @description The global role of the account made by accepting.
             * @enum {string}
             */
            role: "member" | "developer" | "admin";
            /** @description The apps accepting joins, with the role on each. */
            memberships: {
                app_id: number;
                /** @description Null when the app was deleted since. */
                app_name: string | null;
                /**
                 * @description The role on the app.
                 * @enum {string}
                 */
                role: "member" | "developer" | "admin";
            }[];
            /** @description Who invited; null when that account was deleted. */
            invited_by: {
                id: number;
                username: string;
            } | null;
            /**
             * @description pending until accepted, revoked or expired.
             * @enum {string}
             */
            state: "pending" | "accepted" | "expired" | "revoked";
            /**
             * Format: date-time
             * @description When the link stops working (7 days after sending or resending).
             */
            expires_at: string;
            accepted_at: string | null;
            accepted_user_id: number | null;
            revoked_at: string | null;
            /**
             * Format: date-time
             * @description When it was first sent.
             */
            created_at: string;
        };
        /** @description A background job. */
        Job: {
            /** @description Job id (a string: PostgreSQL ids of finished jobs are prefixed "done-"). */
            id: string;
            /** @description The kind of job, e.g. event.dispatch. */
            name: string;
            /** @enum {string} */
            state: "queued" | "running" | "scheduled" | "failed" | "done";
            /** @description Runs so far (reset by a retry). */
            attempts: number;
            /** @description Runs before the job ends failed. */
            max_attempts: number;
            /** @description The error of the last failed run, or null. */
            last_error: string | null;
            /**
             * Format: date-time
             * @description When the job runs (or ran, or runs again after a failure).
             */
            run_at: string;
            /**
             * Format: date-time
             * @description When the job was queued.
             */
            created_at: string;
            /** @description When the job succeeded or ended failed; null before. */
            finished_at: string | null;
            /** @description What the job is about (event kind and id, delivery id …); never a secret. "" when unknown. */
            payload_summary: string;
        };
        /** @description One log line of this process. */
        LogLine: {
            /** @description Increasing within the process. */
            id: number;
            /** @enum {string} */
            level: "trace" | "debug" | "info" | "warn" | "error" | "fatal";
            /** Format: date-time */
            time: string;
            msg: string;
            /** @description The request the line belongs to, or null. */
            request_id: string | null;
            method: string | null;
            /** @description The request URL, credentials redacted. */
            url: string | null;
            /** @description The response status, on a "request completed" line. */
            status: number | null;
            /** @description An error's message, credentials redacted. */
            error: string | null;
            /** @description The line as written to stdout (clipped at 8 KiB). */
            json: string;
            /** @description Whether the line was longer than what is kept. */
            clipped: boolean;
        };
        /** @description A successful delete. */
        MessageResponse: {
            /** @enum {string} */
            message: "OK";
        };
        /** @description A recent upload, with its app, scheme and channel. */
        RecentRelease: {
            /** @description Release id. */
            id: number;
            /** @description The release number within its channel (1, 2, 3 …). */
            version: number;
            /** @description The version users see, e.g. 1.2.3. */
            release_version: string | null;
            /** @description The build number. */
            build_version: string | null;
            /** @description The app's name as the package gives it. */
            name: string | null;
            /** @description ios, android, harmonyos, macos, windows or linux. */
            platform: string;
            /** @description Package size in bytes. */
            size: number;
            /** @description The icon's URL (GET /api/releases/{id}/icon), or null when the package had none. */
            icon_url: string | null;
            /**
             * Format: date-time
             * @description Upload time.
             */
            created_at: string;
            app_id: number;
            app_name: string;
            app_archived: boolean;
            scheme_id: number;
            scheme_name: string;
            channel_id: number;
            channel_name: string;
            /** @description The uploader's username; null when unknown or deleted. */
            uploader: string | null;
        };
        /** @description A release: one uploaded build. */
        Release: {
            id: number;
            /** @description Per-channel build number: 1, 2, 3 … */
            version: number;
            /** @description "<app> <scheme> <channel>". */
            app_name: string;
            /** @description Bundle id or package name; "" when the package has none. */
            bundle_id: string;
            /** @description User-facing version (CFBundleShortVersionString, versionName); "" when unknown. */
            release_version: string;
            /** @description Build number (CFBundleVersion, versionCode); "" when unknown. */
            build_version: string;
            release_type: string | null;
            source: string;
            branch: string | null;
            git_commit: string | null;
            ci_url: string | null;
            /** @description File size in bytes. */
            size: number;
            /** @description iOS, Android, HarmonyOS, macOS, Windows or Linux. */
            platform: string;
            /** @description The package's device: iphone, ipad, universal, phone, tablet, watch, television, automotive … */
            device_type: string;
            /** @description ipa, apk, aab, hap, macos_app, exe, windows_app, deb … */
            format: string;
            min_os_version: string | null;
            /** @description SHA-256 of the file, hex. */
            checksum: string;
            /** @description The uploaded file name. */
            file_name: string;
            /** @description The icon as PNG (`/<slug>/<id>/icon.png`); null when the package had none. Every public link of a build carries its channel's slug. Links of a password-protected channel carry a `grant` for callers entitled to it. */
            icon_url: string | null;
            /** @description itms-services:// for iOS builds, the download URL otherwise. For a password-protected channel it carries a `grant` (valid TARMAC_CHANNEL_GRANT_HOURS) when the caller may open the channel. */
            install_url: string;
            /** @description `/<slug>/<id>/download`: redirects to a URL ending in the file name. Carries a `grant` like install_url. */
            download_url: string;
            /** @description The build's install page, `/<slug>/<id>`. */
            release_url: string;
            /** @description A QR code of release_url, `/channels/<slug>/releases/<id>/qrcode`. */
            qrcode_url: string;
            changelog: ({
                message: string;
                author?: string;
                email?: string;
                date?: string;
            } & {
                [key: string]: unknown;
            })[];
            text_changelog: string;
            /** @description Any JSON, exactly as sent with the upload or edit: an object such as {"tauri_signature": "…"}, Zealot's [{"name", "value", "icon"}], fastlane's unset default ["[]"] … [] when none was sent. */
            custom_fields: unknown;
            /** @description Completed downloads of the file (a whole file, or a range reaching its last byte). */
            download_count: number;
            /** @description iOS over-the-air installs started: fetches of the install manifest. */
            install_count: number;
            /** Format: date-time */
            created_at: string;
        };
        /** @description A value the builds list can filter by, and how many releases have it. */
        ReleaseFacet: {
            name: string;
            /** @description Releases of the channel with this value. */
            count: number;
        };
        /** @description A recurring background job. */
        Schedule: {
            /** @description The job kind. */
            name: string;
            /** @description The schedule in code. */
            default_spec: string;
            /** @description The schedule in effect: "every N s|m|h" (slots aligned on the epoch) or a five-field cron line in UTC. */
            spec: string;
            /** @description Whether an administrator changed the schedule. */
            custom: boolean;
            /** @description Whether it runs on its schedule. */
            enabled: boolean;
            /** @description The next time it runs; null when turned off. */
            next_run_at: string | null;
            /** @description When an administrator last changed it; null when never. */
            updated_at: string | null;
            /** @description Who last changed it. */
            updated_by: string | null;
            /** @description Its last run; null when it has not run since this was recorded. */
            last_run: {
                state: "running" | "done" | "failed" | null;
                /**
                 * Format: date-time
                 * @description When the last run started.
                 */
                started_at: string;
                /** @description When it finished; null while it runs. */
                finished_at: string | null;
                /** @description Why it failed, or null. */
                error: string | null;
                /** @description What the run reported (counts …), or null. */
                result: {
                    [key: string]: unknown;
                } | null;
            } | null;
        };
        /** @description A scheme with its channels and the app it belongs to. */
        Scheme: {
            id: number;
            /** @description e.g. "Beta", "Release". */
            name: string;
            /** @description Whether new builds are announced: when false, uploads to the scheme's channels post to no webhook (other events still do). */
            new_build_callout: boolean;
            /** @description Builds kept per channel, newest first; 0 keeps all. */
            retained_builds: number;
            channels: components["schemas"]["Channel"][];
            /** @description The app the scheme belongs to. */
            app: {
                id: number;
                name: string;
                archived: boolean;
            };
        };
        /** @description The signed-in user and the CSRF token their writes must send as X-CSRF-Token. */
        Session: {
            user: components["schemas"]["User"];
            /** @description Send as the X-CSRF-Token header with every POST, PUT, PATCH and DELETE made with the cookie. */
            csrf_token: string;
        };
        /** @description A sign-in provider as administrators see it. */
        SignInProvider: {
            id: number;
            slug: string;
            kind: string;
            name: string;
            enabled: boolean;
            allow_sign_up: boolean;
            position: number;
            /** @description password: LDAP; redirect: the others. */
            style: "password" | "redirect";
            /** @description env: declared by TARMAC_SIGN_IN_PROVIDERS, read-only here. */
            source: "ui" | "env";
            settings: {
                [key: string]: unknown;
            };
            /** @description Masked (••••••••1a2b), or null when none is set. Never the secret. */
            secret: string | null;
            /** @description Accounts linked to this provider (removed with it). */
            identities: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description What runs, on what, and whether its configuration is sane. */
        SystemInfo: {
            version: string;
            vcs_ref: string;
            build_date: string;
            node_version: string;
            platform: string;
            arch: string;
            /** @description Since this process started. */
            uptime_seconds: number;
            process_memory: {
                rss: number;
                heap_used: number;
                heap_total: number;
            };
            host: {
                memory_total: number;
                memory_free: number;
                /** @description 1, 5 and 15 minutes (0 on Windows). */
                load_average: number[];
                cpus: number;
            };
            database: {
                /** @enum {string} */
                engine: "sqlite" | "postgres";
                version: string | null;
                /** @description The whole database; null when it cannot be told. */
                size_bytes: number | null;
            };
            storage: {
                /** @enum {string} */
                backend: "local" | "s3";
                /** @description The folder, or the S3 endpoint, bucket and prefix (never credentials). */
                location: string;
                path: string | null;
                bucket: string | null;
                /** @description Free space on the data directory's disk (local storage). */
                free_bytes: number | null;
                /** @description Size of that disk (local storage). */
                total_bytes: number | null;
            };
            jobs: {
                /** @description Jobs per state; null when the queue did not answer. */
                counts: {
                    queued: number;
                    running: number;
                    scheduled: number;
                    failed: number;
                    done: number;
                } | null;
                /** @description Jobs this process runs at once (TARMAC_JOBS_CONCURRENCY). */
                concurrency: number;
            };
            /** @description The health checks, as GET /api/health/full runs them. */
            checks: {
                /**
                 * @description Which check.
                 * @enum {string}
                 */
                name: "database" | "storage" | "jobs" | "mail";
                /**
                 * @description ok; warn: works but needs a look; fail: does not work.
                 * @enum {string}
                 */
                status: "ok" | "warn" | "fail";
                /** @description What was found, in plain words. */
                message: string;
                /** @description How long the check took. */
                duration_ms: number;
            }[];
            /** @description Configuration verdicts. */
            sanity: {
                /**
                 * @description Which part of the configuration.
                 * @enum {string}
                 */
                name: "public_url" | "public_url_reachable" | "secret_key" | "mail" | "trust_proxy" | "metrics";
                /**
                 * @description ok; warn: works but needs a look; fail: does not work.
                 * @enum {string}
                 */
                status: "ok" | "warn" | "fail";
                /** @description The verdict in a sentence. */
                message: string;
            }[];
        };
        /**
         * @description The file name endings of each channel platform's builds (device_type), for a file picker. The server reads a package by its content; a channel refuses a build of another platform.
         * @default {
         *       "ios": [
         *         ".ipa"
         *       ],
         *       "android": [
         *         ".apk",
         *         ".aab"
         *       ],
         *       "harmonyos": [
         *         ".hap",
         *         ".app"
         *       ],
         *       "macos": [
         *         ".dmg",
         *         ".pkg",
         *         ".zip"
         *       ],
         *       "windows": [
         *         ".exe",
         *         ".msi",
         *         ".msix",
         *         ".zip"
         *       ],
         *       "linux": [
         *         ".deb",
         *         ".rpm",
         *         ".appimage"
         *       ]
         *     }
         */
        UploadExtensions: {
            ios: string[];
            android: string[];
            harmonyos: string[];
            macos: string[];
            windows: string[];
            linux: string[];
        };
        /** @description A user account. */
        User: {
            /** @description User id. */
            id: number;
            /** @description Display and sign-in name. */
            username: string;
            /** @description Email address, also usable to sign in. */
            email: string;
            /**
             * @description Global role.
             * @enum {string}
             */
            role: "member" | "developer" | "admin";
            /**
             * @description Interface language.
             * @enum {string}
             */
            locale: "en" | "zh-CN";
            /**
             * @description Colour scheme; auto follows the system.
             * @enum {string}
             */
            appearance: "light" | "dark" | "auto";
            /** @description IANA time zone used to show dates. */
            timezone: string;
            /** @description A locked user can neither sign in nor use tokens; their data stays. */
            locked: boolean;
            locked_at: string | null;
            last_sign_in_at: string | null;
            /** @description Whether signing in with the password asks for a code from an authenticator app. */
            two_factor_enabled: boolean;
            /**
             * Format: date-time
             * @description Creation time.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Last change.
             */
            updated_at: string;
        };
        /** @description The input broke one or more rules (HTTP 422). */
        ValidationErrorResponse: {
            /** @description A summary of every problem. */
            error: string;
            /** @description A stable code naming the problem (src/error-codes.ts lists them): translate it, or branch on it. */
            code: string;
            /** @description The values the sentence names (a name, a limit …), for a translation of `code`. */
            params: {
                [key: string]: string | number;
            };
            /** @description Messages per field name. */
            details: {
                [key: string]: string[];
            };
            /** @description Codes and params per field name, in the order of `details`. */
            fields: {
                [key: string]: {
                    /** @description What is wrong with the field: blank, too_long, taken, one_of … ("invalid": read `details`). */
                    code: string;
                    /** @description The values the sentence names (a name, a limit …), for a translation of `code`. */
                    params?: {
                        [key: string]: string | number;
                    };
                }[];
            };
        };
        /** @description A webhook; its URL and secret are never answered in full. */
        Webhook: {
            id: number;
            /** @description A label; "" shows the provider's name. */
            name: string;
            /** @enum {string} */
            provider: "slack" | "discord" | "feishu" | "dingtalk" | "wecom" | "teams" | "json";
            /** @description The URL with its credential hidden; the full URL is never answered. */
            url_masked: string;
            /** @description Whether a signing secret is set (Feishu, DingTalk, JSON); the secret is never answered. */
            has_secret: boolean;
            /** @description DingTalk's keyword, added to messages that lack it. */
            keyword: string | null;
            /** @description WeCom: markdown or a news card; null for others. */
            format: ("markdown" | "news") | null;
            /** @description A Mustache body (DingTalk and WeCom markdown, the JSON provider's body); null: the preset. */
            template: string | null;
            events: ("upload" | "download" | "changelog" | "release_deleted" | "debug_file" | "digest")[];
            enabled: boolean;
            /** @description A shared hook: global admins manage it and attach it to channels of any app. */
            shared: boolean;
            /** @description The channel a channel hook belongs to; null when shared. */
            channel_id: number | null;
            channels: {
                id: number;
                name: string;
                scheme_name: string;
                app_id: number;
                app_name: string;
            }[];
            /** @description Whether the caller may change, test and delete it. */
            editable: boolean;
            /** @description The newest delivery; null before the first. */
            last_delivery: {
                /** @enum {string} */
                state: "pending" | "delivered" | "failed";
                /**
                 * Format: date-time
                 * @description When it finished, or was queued while pending.
                 */
                at: string;
                /** @description The HTTP status of its last attempt. */
                status: number | null;
            } | null;
            /**
             * Format: date-time
             * @description When it was created.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When it last changed.
             */
            updated_at: string;
        };
        /** @description One message to one hook and its attempts. */
        WebhookDelivery: {
            /** @description A UUID, sent as X-Tarmac-Delivery on every attempt. */
            id: string;
            /** @enum {string} */
            event: "upload" | "download" | "changelog" | "release_deleted" | "debug_file" | "digest" | "test";
            /** @enum {string} */
            state: "pending" | "delivered" | "failed";
            release_id: number | null;
            channel_id: number | null;
            title: string;
            /**
             * Format: date-time
             * @description When it was queued.
             */
            created_at: string;
            finished_at: string | null;
            next_attempt_at: string | null;
            attempts: {
                /** @description 1 for the first post. */
                number: number;
                /**
                 * Format: date-time
                 * @description When it was sent.
                 */
                at: string;
                duration_ms: number;
                /** @description The answer's HTTP status; null when none came. */
                status: number | null;
                ok: boolean;
                /** @description Why it failed: "HTTP 500", "timeout: …", "DingTalk errcode 310000: …"; null on success. */
                error: string | null;
                /** @description The first 2 KiB of the answer. */
                response_excerpt: string;
            }[];
        };
        /** @description One Zealot row the import did not simply bring over. */
        ZealotImportRow: {
            /** @description The Zealot table. */
            table: string;
            /** @description The Zealot row’s id ("a:b" for a join row such as apps_users). */
            source_id: string;
            /** @description The Tarmac row it became or was merged into; null when skipped or refused. */
            target_id: number | null;
            /** @enum {string} */
            outcome: "imported" | "merged" | "skipped" | "refused";
            /** @description Why: a conflict and how it was resolved, a refusal’s reason, a missing file. */
            detail: string | null;
            /**
             * Format: date-time
             * @description When the import handled it.
             */
            created_at: string;
            /** @description The web app’s path of the Tarmac thing it became (/apps/{id}, /apps/{id}/channels/{id}, …/releases/{id}, /admin/users?q=…, /debug-files/{id}, /devices?q=…, /admin/webhooks); null when there is none or it was deleted since. */
            link: string | null;
        };
        /** @description What became of one Zealot table’s rows. */
        ZealotImportTableCounts: {
            /** @description The Zealot table (users, apps, schemes, channels, releases, apps_users …). */
            table: string;
            /** @description Rows of this table the import handled. */
            total: number;
            /** @description Imported as new Tarmac rows. */
            imported: number;
            /** @description Merged into a Tarmac row that was already there. */
            merged: number;
            /** @description Left out, with the reason in their detail. */
            skipped: number;
            /** @description Refused, with the reason in their detail. */
            refused: number;
            /** @description Rows listed by GET /api/admin/zealot-import/rows: all but the plain imports. */
            noted: number;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listAuditEvents: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page: 1 to the max_per_page setting (100 unless changed; 422 above it). Absent: the per_page setting (25 unless changed). */
                per_page?: number;
                /** @description Only these actions (repeat the parameter for more than one). */
                action?: ("session.sign_in" | "session.sign_in_failed" | "session.sign_out" | "token.create" | "token.revoke" | "user.create" | "user.update" | "user.role_change" | "user.lock" | "user.unlock" | "user.delete" | "collaborator.add" | "collaborator.role_change" | "collaborator.remove" | "app.owner_transfer" | "invitation.accept" | "channel.password_change" | "channel.key_change" | "settings.update" | "sign_in_provider.create" | "sign_in_provider.update" | "sign_in_provider.delete" | "schedule.run" | "app.delete" | "scheme.delete" | "channel.delete" | "release.delete" | "debug_file.delete" | "release.download_protected" | "backup.create" | "backup.delete" | "backup.download" | "backup.restore")[];
                /** @description Only lines of this actor: a user id, or a name (any case; a failed sign-in names the login tried). */
                actor?: string;
                /** @description Only successes or only failures. */
                outcome?: "success" | "failure";
                /** @description Only lines about this kind of thing (user, app, channel, release …). */
                target_type?: string;
                /** @description Only lines about the thing with this id (with target_type). */
                target_id?: string;
                /** @description Lines at or after this ISO 8601 date or date and time. */
                from?: string;
                /** @description Lines before this ISO 8601 date or date and time (a date alone: up to the end of that day, UTC). */
                to?: string;
                /** @description Words found in the actor's or target's name, the IP, the action or the details (any case). */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of lines. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /**
                         * Format: date-time
                         * @description When it happened.
                         */
                        occurred_at: string;
                        /**
                         * @description What was done.
                         * @enum {string}
                         */
                        action: "session.sign_in" | "session.sign_in_failed" | "session.sign_out" | "token.create" | "token.revoke" | "user.create" | "user.update" | "user.role_change" | "user.lock" | "user.unlock" | "user.delete" | "collaborator.add" | "collaborator.role_change" | "collaborator.remove" | "app.owner_transfer" | "invitation.accept" | "channel.password_change" | "channel.key_change" | "settings.update" | "sign_in_provider.create" | "sign_in_provider.update" | "sign_in_provider.delete" | "schedule.run" | "app.delete" | "scheme.delete" | "channel.delete" | "release.delete" | "debug_file.delete" | "release.download_protected" | "backup.create" | "backup.delete" | "backup.download" | "backup.restore";
                        /**
                         * @description Whether it succeeded.
                         * @enum {string}
                         */
                        outcome: "success" | "failure";
                        /** @description The account that acted; null when nobody was signed in. */
                        actor_id: number | null;
                        /** @description Its username then, or the login tried by a failed sign-in. */
                        actor_name: string | null;
                        /**
                         * @description How: a session, an API token, the `tarmac` command, the server itself, or nobody signed in.
                         * @enum {string}
                         */
                        actor_via: "session" | "token" | "cli" | "system" | "anonymous";
                        /** @description The kind of thing acted on. */
                        target_type: string | null;
                        /** @description Its id. */
                        target_id: string | null;
                        /** @description Its name then. */
                        target_name: string | null;
                        /** @description The client address (behind TARMAC_TRUST_PROXY, the forwarded one). */
                        ip: string | null;
                        /** @description The client software. */
                        user_agent: string | null;
                        /** @description The request id, as in the server log. */
                        request_id: string | null;
                        /** @description What changed (old and new values); secrets are never written. */
                        details: {
                            [key: string]: unknown;
                        };
                    }[];
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    listAuditActions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every action the audit log records. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ("session.sign_in" | "session.sign_in_failed" | "session.sign_out" | "token.create" | "token.revoke" | "user.create" | "user.update" | "user.role_change" | "user.lock" | "user.unlock" | "user.delete" | "collaborator.add" | "collaborator.role_change" | "collaborator.remove" | "app.owner_transfer" | "invitation.accept" | "channel.password_change" | "channel.key_change" | "settings.update" | "sign_in_provider.create" | "sign_in_provider.update" | "sign_in_provider.delete" | "schedule.run" | "app.delete" | "scheme.delete" | "channel.delete" | "release.delete" | "debug_file.delete" | "release.download_protected" | "backup.create" | "backup.delete" | "backup.download" | "backup.restore")[];
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    exportAuditEvents: {
        parameters: {
            query?: {
                /** @description Only these actions (repeat the parameter for more than one). */
                action?: ("session.sign_in" | "session.sign_in_failed" | "session.sign_out" | "token.create" | "token.revoke" | "user.create" | "user.update" | "user.role_change" | "user.lock" | "user.unlock" | "user.delete" | "collaborator.add" | "collaborator.role_change" | "collaborator.remove" | "app.owner_transfer" | "invitation.accept" | "channel.password_change" | "channel.key_change" | "settings.update" | "sign_in_provider.create" | "sign_in_provider.update" | "sign_in_provider.delete" | "schedule.run" | "app.delete" | "scheme.delete" | "channel.delete" | "release.delete" | "debug_file.delete" | "release.download_protected" | "backup.create" | "backup.delete" | "backup.download" | "backup.restore")[];
                /** @description Only lines of this actor: a user id, or a name (any case; a failed sign-in names the login tried). */
                actor?: string;
                /** @description Only successes or only failures. */
                outcome?: "success" | "failure";
                /** @description Only lines about this kind of thing (user, app, channel, release …). */
                target_type?: string;
                /** @description Only lines about the thing with this id (with target_type). */
                target_id?: string;
                /** @description Lines at or after this ISO 8601 date or date and time. */
                from?: string;
                /** @description Lines before this ISO 8601 date or date and time (a date alone: up to the end of that day, UTC). */
                to?: string;
                /** @description Words found in the actor's or target's name, the IP, the action or the details (any case). */
                q?: string;
                /** @description csv (a header row, then one line per event) or json (an array). */
                format?: "csv" | "json";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file: CSV with a header row, or a JSON array of lines. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                    "application/json": string;
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": components["schemas"]["ErrorResponse"];
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": components["schemas"]["ErrorResponse"];
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": components["schemas"]["ValidationErrorResponse"];
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    listBackupPlans: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every backup plan, by name. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: number;
                            /** @description A name shown in the list and in failure notices; unique. */
                            name: string;
                            /** @description Whether the schedule fires; a disabled plan still runs on demand. */
                            enabled: boolean;
                            /** @description `every N(s|m|h)` or a five-field cron line in UTC; null runs only on demand. */
                            schedule: string | null;
                            /** @description Whether the archive holds the database. */
                            include_database: boolean;
                            /** @description The apps whose files go in the archive; null for every app, [] for none. */
                            app_ids: number[] | null;
                            /** @description Whether the debug files (dSYM, ProGuard) go in the archive. */
                            include_debug_files: boolean;
                            /** @description local: TARMAC_BACKUP_DIR; s3: the configured S3 store under TARMAC_BACKUP_S3_PREFIX. */
                            destination: "local" | "s3";
                            /** @description How many archives of this plan to keep; older ones are deleted. */
                            keep_count: number;
                            /** @description An http(s) URL POSTed to when a run fails. */
                            notify_url: string | null;
                            /** @description The next (up to 3) times the schedule fires, ISO 8601 UTC; [] when off. */
                            next_runs: string[];
                            created_at: string;
                            updated_at: string;
                        }[];
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createBackupPlan: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A name shown in the list and in failure notices; unique. */
                    name: string;
                    /** @description Whether the schedule fires; a disabled plan still runs on demand. */
                    enabled: boolean;
                    /** @description `every N(s|m|h)` or a five-field cron line in UTC; null runs only on demand. */
                    schedule: string | null;
                    /** @description Whether the archive holds the database. */
                    include_database: boolean;
                    /** @description The apps whose files go in the archive; null for every app, [] for none. */
                    app_ids: number[] | null;
                    /** @description Whether the debug files (dSYM, ProGuard) go in the archive. */
                    include_debug_files: boolean;
                    /** @description local: TARMAC_BACKUP_DIR; s3: the configured S3 store under TARMAC_BACKUP_S3_PREFIX. */
                    destination: "local" | "s3";
                    /** @description How many archives of this plan to keep; older ones are deleted. */
                    keep_count: number;
                    /** @description An http(s) URL POSTed to when a run fails. */
                    notify_url: string | null;
                };
            };
        };
        responses: {
            /** @description A backup plan: what goes in its archives, when it runs, where the archives go and how many are kept. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description A name shown in the list and in failure notices; unique. */
                        name: string;
                        /** @description Whether the schedule fires; a disabled plan still runs on demand. */
                        enabled: boolean;
                        /** @description `every N(s|m|h)` or a five-field cron line in UTC; null runs only on demand. */
                        schedule: string | null;
                        /** @description Whether the archive holds the database. */
                        include_database: boolean;
                        /** @description The apps whose files go in the archive; null for every app, [] for none. */
                        app_ids: number[] | null;
                        /** @description Whether the debug files (dSYM, ProGuard) go in the archive. */
                        include_debug_files: boolean;
                        /** @description local: TARMAC_BACKUP_DIR; s3: the configured S3 store under TARMAC_BACKUP_S3_PREFIX. */
                        destination: "local" | "s3";
                        /** @description How many archives of this plan to keep; older ones are deleted. */
                        keep_count: number;
                        /** @description An http(s) URL POSTed to when a run fails. */
                        notify_url: string | null;
                        /** @description The next (up to 3) times the schedule fires, ISO 8601 UTC; [] when off. */
                        next_runs: string[];
                        created_at: string;
                        updated_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    getBackupPlan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A backup plan: what goes in its archives, when it runs, where the archives go and how many are kept. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description A name shown in the list and in failure notices; unique. */
                        name: string;
                        /** @description Whether the schedule fires; a disabled plan still runs on demand. */
                        enabled: boolean;
                        /** @description `every N(s|m|h)` or a five-field cron line in UTC; null runs only on demand. */
                        schedule: string | null;
                        /** @description Whether the archive holds the database. */
                        include_database: boolean;
                        /** @description The apps whose files go in the archive; null for every app, [] for none. */
                        app_ids: number[] | null;
                        /** @description Whether the debug files (dSYM, ProGuard) go in the archive. */
                        include_debug_files: boolean;
                        /** @description local: TARMAC_BACKUP_DIR; s3: the configured S3 store under TARMAC_BACKUP_S3_PREFIX. */
                        destination: "local" | "s3";
                        /** @description How many archives of this plan to keep; older ones are deleted. */
                        keep_count: number;
                        /** @description An http(s) URL POSTed to when a run fails. */
                        notify_url: string | null;
                        /** @description The next (up to 3) times the schedule fires, ISO 8601 UTC; [] when off. */
                        next_runs: string[];
                        created_at: string;
                        updated_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    deleteBackupPlan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plan is deleted; its archives and runs stay. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    updateBackupPlan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A name shown in the list and in failure notices; unique. */
                    name?: string;
                    /** @description Whether the schedule fires; a disabled plan still runs on demand. */
                    enabled?: boolean;
                    /** @description `every N(s|m|h)` or a five-field cron line in UTC; null runs only on demand. */
                    schedule?: string | null;
                    /** @description Whether the archive holds the database. */
                    include_database?: boolean;
                    /** @description The apps whose files go in the archive; null for every app, [] for none. */
                    app_ids?: number[] | null;
                    /** @description Whether the debug files (dSYM, ProGuard) go in the archive. */
                    include_debug_files?: boolean;
                    /** @description local: TARMAC_BACKUP_DIR; s3: the configured S3 store under TARMAC_BACKUP_S3_PREFIX. */
                    destination?: "local" | "s3";
                    /** @description How many archives of this plan to keep; older ones are deleted. */
                    keep_count?: number;
                    /** @description An http(s) URL POSTed to when a run fails. */
                    notify_url?: string | null;
                };
            };
        };
        responses: {
            /** @description A backup plan: what goes in its archives, when it runs, where the archives go and how many are kept. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description A name shown in the list and in failure notices; unique. */
                        name: string;
                        /** @description Whether the schedule fires; a disabled plan still runs on demand. */
                        enabled: boolean;
                        /** @description `every N(s|m|h)` or a five-field cron line in UTC; null runs only on demand. */
                        schedule: string | null;
                        /** @description Whether the archive holds the database. */
                        include_database: boolean;
                        /** @description The apps whose files go in the archive; null for every app, [] for none. */
                        app_ids: number[] | null;
                        /** @description Whether the debug files (dSYM, ProGuard) go in the archive. */
                        include_debug_files: boolean;
                        /** @description local: TARMAC_BACKUP_DIR; s3: the configured S3 store under TARMAC_BACKUP_S3_PREFIX. */
                        destination: "local" | "s3";
                        /** @description How many archives of this plan to keep; older ones are deleted. */
                        keep_count: number;
                        /** @description An http(s) URL POSTed to when a run fails. */
                        notify_url: string | null;
                        /** @description The next (up to 3) times the schedule fires, ISO 8601 UTC; [] when off. */
                        next_runs: string[];
                        created_at: string;
                        updated_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    runBackupPlan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run is queued. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Poll GET /api/admin/backups/runs/{id} for progress. */
                        run_id: number;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    listBackupRuns: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page: 1 to the max_per_page setting (100 unless changed; 422 above it). Absent: the per_page setting (25 unless changed). */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of runs, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: number;
                            /** @description Null once the plan is deleted. */
                            plan_id: number | null;
                            plan_name: string;
                            trigger: "manual" | "schedule";
                            state: "queued" | "running" | "done" | "failed";
                            /** @description prepare, database, files, pack, verify or done. */
                            stage: string | null;
                            percent: number;
                            /** @description Why a failed run failed. */
                            error: string | null;
                            destination: string;
                            /** @description The stored archive; null until done, and once pruned or deleted. */
                            archive_key: string | null;
                            size: number | null;
                            sha256: string | null;
                            created_at: string;
                            started_at: string | null;
                            finished_at: string | null;
                        }[];
                        total: number;
                        page: number;
                        per_page: number;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    getBackupRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One run of a plan: its state, stage and progress, and the archive it made. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description Null once the plan is deleted. */
                        plan_id: number | null;
                        plan_name: string;
                        trigger: "manual" | "schedule";
                        state: "queued" | "running" | "done" | "failed";
                        /** @description prepare, database, files, pack, verify or done. */
                        stage: string | null;
                        percent: number;
                        /** @description Why a failed run failed. */
                        error: string | null;
                        destination: string;
                        /** @description The stored archive; null until done, and once pruned or deleted. */
                        archive_key: string | null;
                        size: number | null;
                        sha256: string | null;
                        created_at: string;
                        started_at: string | null;
                        finished_at: string | null;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    downloadBackupArchive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archive (application/x-tar). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description The requested bytes of the archive. */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    deleteBackupArchive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archive is deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    cancelBackupRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One run of a plan: its state, stage and progress, and the archive it made. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description Null once the plan is deleted. */
                        plan_id: number | null;
                        plan_name: string;
                        trigger: "manual" | "schedule";
                        state: "queued" | "running" | "done" | "failed";
                        /** @description prepare, database, files, pack, verify or done. */
                        stage: string | null;
                        percent: number;
                        /** @description Why a failed run failed. */
                        error: string | null;
                        destination: string;
                        /** @description The stored archive; null until done, and once pruned or deleted. */
                        archive_key: string | null;
                        size: number | null;
                        sha256: string | null;
                        created_at: string;
                        started_at: string | null;
                        finished_at: string | null;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    previewBackupSchedule: {
        parameters: {
            query: {
                /** @description A schedule to check. */
                spec: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description When a schedule would fire. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The next three times it fires, ISO 8601 UTC. */
                        next: string[];
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    getDatabaseView: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Each table's rows and size. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DatabaseView"];
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getDatabaseStatements: {
        parameters: {
            query?: {
                /** @description Slowest by mean time (default) or by total time. */
                sort?: "mean" | "total";
                /** @description How many statements. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The slowest statements PostgreSQL saw (pg_stat_statements). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DatabaseStatements"];
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    listJobs: {
        parameters: {
            query: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page: 1 to the max_per_page setting (100 unless changed; 422 above it). Absent: the per_page setting (25 unless changed). */
                per_page?: number;
                /** @description queued (due now), running, scheduled (waiting for its time), failed (out of attempts) or done. */
                state: "queued" | "running" | "scheduled" | "failed" | "done";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the jobs in that state. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"][];
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    countJobs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many jobs are in each state. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Due now, waiting for a worker. */
                        queued: number;
                        running: number;
                        /** @description Waiting for their time (a delay or a retry after a failure). */
                        scheduled: number;
                        /** @description Out of attempts. */
                        failed: number;
                        /** @description Finished and still kept. */
                        done: number;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    discardJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Job id as listed: digits, or on PostgreSQL "done-<n>" for a finished job. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A successful delete. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        message: "OK";
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No waiting or failed job has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The job is running now. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    retryJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Job id as listed: digits, or on PostgreSQL "done-<n>" for a finished job. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A successful delete. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        message: "OK";
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No waiting or failed job has this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The job is running now. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    listLogLines: {
        parameters: {
            query: {
                /** @description Lines at this level or above. */
                level: "trace" | "debug" | "info" | "warn" | "error" | "fatal";
                /** @description Only the lines of this request (its reqId). */
                request_id?: string;
                /** @description Text in the message, URL or error (any case). */
                q?: string;
                /** @description Only lines newer than this id (the last_id of an earlier answer). */
                since_id?: number;
                /** @description The most lines answered. */
                limit: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description This process's recent log lines. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Newest first. */
                        items: components["schemas"]["LogLine"][];
                        /** @description The newest line id of this process: poll with since_id set to it. */
                        last_id: number;
                        /** @description Lines kept at most (TARMAC_LOG_BUFFER_LINES); 0 when the buffer is off. */
                        capacity: number;
                        /** @description Lines held now. */
                        buffered: number;
                        /** @description The process whose lines these are (each instance keeps its own). */
                        pid: number;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    getMailSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How this server sends mail (TARMAC_SMTP_URL), without the password. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether TARMAC_SMTP_URL and TARMAC_MAIL_FROM are set. */
                        configured: boolean;
                        /** @description The From address. */
                        from: string | null;
                        host: string | null;
                        port: number | null;
                        /** @description tls: smtps:// from the first byte; starttls: upgraded when offered; starttls-required; none: clear text. */
                        tls: "tls" | "starttls" | "starttls-required" | "none" | null;
                        /** @description The SMTP user, if any (never the password). */
                        user: string | null;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    sendTestMail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The recipient; the administrator's own address by default. */
                    to?: string;
                };
            };
        };
        responses: {
            /** @description The mail server took the message. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        to: string;
                        /** @description The id the mail server gave the message. */
                        message_id: string | null;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
            /** @description Every error answer. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listRestores: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page: 1 to the max_per_page setting (100 unless changed; 422 above it). Absent: the per_page setting (25 unless changed). */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of restores, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: number;
                            /** @description The backup run whose archive this is. */
                            run_id: number | null;
                            file_name: string;
                            size: number | null;
                            /** @description checking (verifying every checksum), ready (the report is there), restoring, done or failed. */
                            state: "checking" | "ready" | "restoring" | "done" | "failed";
                            stage: string | null;
                            percent: number;
                            report: {
                                /** @description When the archive was made. */
                                created_at: string;
                                /** @description The Tarmac version that made it. */
                                version: string;
                                /** @description The database engine it was made from (sqlite or postgres). */
                                engine: string;
                                scope: {
                                    database: boolean;
                                    apps: "all" | number[];
                                    debugFiles: boolean;
                                };
                                tables: {
                                    name: string;
                                    /** @description Rows the archive holds. */
                                    rows: number;
                                    /** @description Rows of this instance they replace. */
                                    replacesRows: number;
                                }[];
                                files: {
                                    count: number;
                                    bytes: number;
                                };
                                /** @description Why the restore may not run; empty when it may. */
                                refusals: string[];
                                /** @description What to know before restoring (e.g. a different secret key). */
                                warnings: string[];
                                /** @description Migrations this Tarmac runs after loading the rows. */
                                migrations_to_run: string[];
                            } | null;
                            /** @description The error code of a failed check or restore (e.g. backup.checksum_mismatch). */
                            error_code: string | null;
                            error: string | null;
                            created_by: string;
                            created_at: string;
                            started_at: string | null;
                            finished_at: string | null;
                            /** @description What `confirm` must be to apply it: the host name of the public URL. */
                            confirm_text: string;
                        }[];
                        total: number;
                        page: number;
                        per_page: number;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    createRestore: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A done backup run whose archive to check and restore. */
                    run_id: number;
                };
            };
        };
        responses: {
            /** @description A restore: the archive checked, its dry-run report, and once applied its progress and result. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description The backup run whose archive this is. */
                        run_id: number | null;
                        file_name: string;
                        size: number | null;
                        /** @description checking (verifying every checksum), ready (the report is there), restoring, done or failed. */
                        state: "checking" | "ready" | "restoring" | "done" | "failed";
                        stage: string | null;
                        percent: number;
                        report: {
                            /** @description When the archive was made. */
                            created_at: string;
                            /** @description The Tarmac version that made it. */
                            version: string;
                            /** @description The database engine it was made from (sqlite or postgres). */
                            engine: string;
                            scope: {
                                database: boolean;
                                apps: "all" | number[];
                                debugFiles: boolean;
                            };
                            tables: {
                                name: string;
                                /** @description Rows the archive holds. */
                                rows: number;
                                /** @description Rows of this instance they replace. */
                                replacesRows: number;
                            }[];
                            files: {
                                count: number;
                                bytes: number;
                            };
                            /** @description Why the restore may not run; empty when it may. */
                            refusals: string[];
                            /** @description What to know before restoring (e.g. a different secret key). */
                            warnings: string[];
                            /** @description Migrations this Tarmac runs after loading the rows. */
                            migrations_to_run: string[];
                        } | null;
                        /** @description The error code of a failed check or restore (e.g. backup.checksum_mismatch). */
                        error_code: string | null;
                        error: string | null;
                        created_by: string;
                        created_at: string;
                        started_at: string | null;
                        finished_at: string | null;
                        /** @description What `confirm` must be to apply it: the host name of the public URL. */
                        confirm_text: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    uploadRestore: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The backup archive.
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description A restore: the archive checked, its dry-run report, and once applied its progress and result. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description The backup run whose archive this is. */
                        run_id: number | null;
                        file_name: string;
                        size: number | null;
                        /** @description checking (verifying every checksum), ready (the report is there), restoring, done or failed. */
                        state: "checking" | "ready" | "restoring" | "done" | "failed";
                        stage: string | null;
                        percent: number;
                        report: {
                            /** @description When the archive was made. */
                            created_at: string;
                            /** @description The Tarmac version that made it. */
                            version: string;
                            /** @description The database engine it was made from (sqlite or postgres). */
                            engine: string;
                            scope: {
                                database: boolean;
                                apps: "all" | number[];
                                debugFiles: boolean;
                            };
                            tables: {
                                name: string;
                                /** @description Rows the archive holds. */
                                rows: number;
                                /** @description Rows of this instance they replace. */
                                replacesRows: number;
                            }[];
                            files: {
                                count: number;
                                bytes: number;
                            };
                            /** @description Why the restore may not run; empty when it may. */
                            refusals: string[];
                            /** @description What to know before restoring (e.g. a different secret key). */
                            warnings: string[];
                            /** @description Migrations this Tarmac runs after loading the rows. */
                            migrations_to_run: string[];
                        } | null;
                        /** @description The error code of a failed check or restore (e.g. backup.checksum_mismatch). */
                        error_code: string | null;
                        error: string | null;
                        created_by: string;
                        created_at: string;
                        started_at: string | null;
                        finished_at: string | null;
                        /** @description What `confirm` must be to apply it: the host name of the public URL. */
                        confirm_text: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body arrived more slowly than `TARMAC_MIN_UPLOAD_RATE_BYTES` or stopped for `TARMAC_BODY_IDLE_TIMEOUT_SECONDS`. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The file (or the declared `Content-Length`) is over `TARMAC_MAX_UPLOAD_BYTES`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
            /** @description Too many bodies from callers not known yet (`TARMAC_MAX_ANONYMOUS_BODIES`); try again after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getRestore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A restore: the archive checked, its dry-run report, and once applied its progress and result. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description The backup run whose archive this is. */
                        run_id: number | null;
                        file_name: string;
                        size: number | null;
                        /** @description checking (verifying every checksum), ready (the report is there), restoring, done or failed. */
                        state: "checking" | "ready" | "restoring" | "done" | "failed";
                        stage: string | null;
                        percent: number;
                        report: {
                            /** @description When the archive was made. */
                            created_at: string;
                            /** @description The Tarmac version that made it. */
                            version: string;
                            /** @description The database engine it was made from (sqlite or postgres). */
                            engine: string;
                            scope: {
                                database: boolean;
                                apps: "all" | number[];
                                debugFiles: boolean;
                            };
                            tables: {
                                name: string;
                                /** @description Rows the archive holds. */
                                rows: number;
                                /** @description Rows of this instance they replace. */
                                replacesRows: number;
                            }[];
                            files: {
                                count: number;
                                bytes: number;
                            };
                            /** @description Why the restore may not run; empty when it may. */
                            refusals: string[];
                            /** @description What to know before restoring (e.g. a different secret key). */
                            warnings: string[];
                            /** @description Migrations this Tarmac runs after loading the rows. */
                            migrations_to_run: string[];
                        } | null;
                        /** @description The error code of a failed check or restore (e.g. backup.checksum_mismatch). */
                        error_code: string | null;
                        error: string | null;
                        created_by: string;
                        created_at: string;
                        started_at: string | null;
                        finished_at: string | null;
                        /** @description What `confirm` must be to apply it: the host name of the public URL. */
                        confirm_text: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    deleteRestore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Forgotten. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    applyRestore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The host name of the public URL (confirm_text), typed by the administrator. */
                    confirm: string;
                };
            };
        };
        responses: {
            /** @description A restore: the archive checked, its dry-run report, and once applied its progress and result. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description The backup run whose archive this is. */
                        run_id: number | null;
                        file_name: string;
                        size: number | null;
                        /** @description checking (verifying every checksum), ready (the report is there), restoring, done or failed. */
                        state: "checking" | "ready" | "restoring" | "done" | "failed";
                        stage: string | null;
                        percent: number;
                        report: {
                            /** @description When the archive was made. */
                            created_at: string;
                            /** @description The Tarmac version that made it. */
                            version: string;
                            /** @description The database engine it was made from (sqlite or postgres). */
                            engine: string;
                            scope: {
                                database: boolean;
                                apps: "all" | number[];
                                debugFiles: boolean;
                            };
                            tables: {
                                name: string;
                                /** @description Rows the archive holds. */
                                rows: number;
                                /** @description Rows of this instance they replace. */
                                replacesRows: number;
                            }[];
                            files: {
                                count: number;
                                bytes: number;
                            };
                            /** @description Why the restore may not run; empty when it may. */
                            refusals: string[];
                            /** @description What to know before restoring (e.g. a different secret key). */
                            warnings: string[];
                            /** @description Migrations this Tarmac runs after loading the rows. */
                            migrations_to_run: string[];
                        } | null;
                        /** @description The error code of a failed check or restore (e.g. backup.checksum_mismatch). */
                        error_code: string | null;
                        error: string | null;
                        created_by: string;
                        created_at: string;
                        started_at: string | null;
                        finished_at: string | null;
                        /** @description What `confirm` must be to apply it: the host name of the public URL. */
                        confirm_text: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    listSchedules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every recurring job, in the order of JOB_KINDS. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Schedule"][];
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    previewSchedule: {
        parameters: {
            query: {
                /** @description "every N s|m|h" (slots aligned on the epoch) or a five-field cron line in UTC. */
                spec: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The next runs of a schedule. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the parser takes the spec. */
                        valid: boolean;
                        /** @description The next three runs (fewer when it fires rarely). */
                        next_runs: string[];
                        /** @description The parser's message when it refuses the spec. */
                        error: string | null;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    updateSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job kind, e.g. jobs.prune. */
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description "every N s|m|h" (slots aligned on the epoch) or a five-field cron line in UTC. null: back to the default. */
                    spec?: string | null;
                    /** @description false: it does not run on its schedule (Run now still works). */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description A recurring background job. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The job kind. */
                        name: string;
                        /** @description The schedule in code. */
                        default_spec: string;
                        /** @description The schedule in effect: "every N s|m|h" (slots aligned on the epoch) or a five-field cron line in UTC. */
                        spec: string;
                        /** @description Whether an administrator changed the schedule. */
                        custom: boolean;
                        /** @description Whether it runs on its schedule. */
                        enabled: boolean;
                        /** @description The next time it runs; null when turned off. */
                        next_run_at: string | null;
                        /** @description When an administrator last changed it; null when never. */
                        updated_at: string | null;
                        /** @description Who last changed it. */
                        updated_by: string | null;
                        /** @description Its last run; null when it has not run since this was recorded. */
                        last_run: {
                            state: "running" | "done" | "failed" | null;
                            /**
                             * Format: date-time
                             * @description When the last run started.
                             */
                            started_at: string;
                            /** @description When it finished; null while it runs. */
                            finished_at: string | null;
                            /** @description Why it failed, or null. */
                            error: string | null;
                            /** @description What the run reported (counts …), or null. */
                            result: {
                                [key: string]: unknown;
                            } | null;
                        } | null;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No scheduled job has this name. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    runScheduleNow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job kind, e.g. jobs.prune. */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The queued job, as GET /api/admin/jobs lists it. */
                        job_id: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No scheduled job has this name. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    listAdminSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every setting, in a stable order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        settings: {
                            /** @description The setting, e.g. site_title. */
                            key: string;
                            /**
                             * @description The card it shows in.
                             * @enum {string}
                             */
                            group: "general" | "appearance" | "access" | "presets" | "retention" | "other";
                            /** @description The value in force now. */
                            value: unknown;
                            /** @description The value when nothing is saved and no environment variable holds it. */
                            default: unknown;
                            /** @description Where the value comes from: the default, an environment variable (which wins), or a saved change. */
                            source: "default" | "environment" | "saved";
                            /** @description False when an environment variable holds it, or when another screen changes it. */
                            editable: boolean;
                            /** @description The environment variable that may hold it. */
                            env_var: string | null;
                            /** @description Whether anyone may read it, signed in or not. */
                            public: boolean;
                            /** @description What the value may be, for the form. */
                            hints: {
                                /** @description boolean, integer, number, string, array or unknown. */
                                type: string;
                                choices?: string[];
                                minimum?: number;
                                maximum?: number;
                                min_length?: number;
                                max_length?: number;
                                max_items?: number;
                            };
                        }[];
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updateAdminSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The settings to change, by key: `{"site_title": "Builds"}`. */
        requestBody: {
            content: {
                "application/json": {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Every setting, in a stable order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        settings: {
                            /** @description The setting, e.g. site_title. */
                            key: string;
                            /**
                             * @description The card it shows in.
                             * @enum {string}
                             */
                            group: "general" | "appearance" | "access" | "presets" | "retention" | "other";
                            /** @description The value in force now. */
                            value: unknown;
                            /** @description The value when nothing is saved and no environment variable holds it. */
                            default: unknown;
                            /** @description Where the value comes from: the default, an environment variable (which wins), or a saved change. */
                            source: "default" | "environment" | "saved";
                            /** @description False when an environment variable holds it, or when another screen changes it. */
                            editable: boolean;
                            /** @description The environment variable that may hold it. */
                            env_var: string | null;
                            /** @description Whether anyone may read it, signed in or not. */
                            public: boolean;
                            /** @description What the value may be, for the form. */
                            hints: {
                                /** @description boolean, integer, number, string, array or unknown. */
                                type: string;
                                choices?: string[];
                                minimum?: number;
                                maximum?: number;
                                min_length?: number;
                                max_length?: number;
                                max_items?: number;
                            };
                        }[];
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    checkPublicUrl: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What this server saw when it fetched its own public URL. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The address fetched: the public URL with /api/version. */
                        url: string;
                        /** @description Whether TARMAC_URL is set (otherwise the address of this request was checked). */
                        configured: boolean;
                        /** @description Whether an HTTP answer came. */
                        reachable: boolean;
                        /** @description Its status code. */
                        status: number | null;
                        /** @description Whether the URL is https (iOS installs need it). */
                        https: boolean;
                        /** @description Whether this server trusted the certificate; null without TLS. */
                        certificate_trusted: boolean | null;
                        /** @description Whether the answer was a Tarmac /api/version. */
                        is_tarmac: boolean;
                        /** @description Why iOS over-the-air installs cannot work from this URL, or null. */
                        ios_install_problem: "http" | "loopback" | null;
                        /** @description What went wrong, when it did. */
                        error: string | null;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    resetAdminSetting: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The setting, e.g. site_title. */
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every setting, in a stable order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        settings: {
                            /** @description The setting, e.g. site_title. */
                            key: string;
                            /**
                             * @description The card it shows in.
                             * @enum {string}
                             */
                            group: "general" | "appearance" | "access" | "presets" | "retention" | "other";
                            /** @description The value in force now. */
                            value: unknown;
                            /** @description The value when nothing is saved and no environment variable holds it. */
                            default: unknown;
                            /** @description Where the value comes from: the default, an environment variable (which wins), or a saved change. */
                            source: "default" | "environment" | "saved";
                            /** @description False when an environment variable holds it, or when another screen changes it. */
                            editable: boolean;
                            /** @description The environment variable that may hold it. */
                            env_var: string | null;
                            /** @description Whether anyone may read it, signed in or not. */
                            public: boolean;
                            /** @description What the value may be, for the form. */
                            hints: {
                                /** @description boolean, integer, number, string, array or unknown. */
                                type: string;
                                choices?: string[];
                                minimum?: number;
                                maximum?: number;
                                min_length?: number;
                                max_length?: number;
                                max_items?: number;
                            };
                        }[];
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    listSignInProviders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every provider. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignInProvider"][];
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createSignInProvider: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Lowercase letters, digits and dashes; the provider's URLs use it. */
                    slug: string;
                    /** @description One of ldap, oidc, github, gitlab, google, feishu, gitea. */
                    kind: string;
                    /** @description What the sign-in page shows: "Sign in with <name>". */
                    name: string;
                    /** @description Shown on the sign-in page and usable (default true). */
                    enabled?: boolean;
                    /** @description Whether a first sign-in creates an account (default false). */
                    allow_sign_up?: boolean;
                    /** @description Order on the sign-in page, smallest first. */
                    position?: number;
                    /** @description The kind's settings (see the SignInProvider schema's description and docs/sign-in.md); checked per field. */
                    settings: {
                        [key: string]: unknown;
                    };
                    /** @description The kind's secret (LDAP bind password, client secret, Feishu app secret); write-only. On PUT: omitted keeps it, empty removes it. */
                    secret?: string;
                };
            };
        };
        responses: {
            /** @description A sign-in provider as administrators see it. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        slug: string;
                        kind: string;
                        name: string;
                        enabled: boolean;
                        allow_sign_up: boolean;
                        position: number;
                        /** @description password: LDAP; redirect: the others. */
                        style: "password" | "redirect";
                        /** @description env: declared by TARMAC_SIGN_IN_PROVIDERS, read-only here. */
                        source: "ui" | "env";
                        settings: {
                            [key: string]: unknown;
                        };
                        /** @description Masked (••••••••1a2b), or null when none is set. Never the secret. */
                        secret: string | null;
                        /** @description Accounts linked to this provider (removed with it). */
                        identities: number;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    getSignInProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A sign-in provider as administrators see it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        slug: string;
                        kind: string;
                        name: string;
                        enabled: boolean;
                        allow_sign_up: boolean;
                        position: number;
                        /** @description password: LDAP; redirect: the others. */
                        style: "password" | "redirect";
                        /** @description env: declared by TARMAC_SIGN_IN_PROVIDERS, read-only here. */
                        source: "ui" | "env";
                        settings: {
                            [key: string]: unknown;
                        };
                        /** @description Masked (••••••••1a2b), or null when none is set. Never the secret. */
                        secret: string | null;
                        /** @description Accounts linked to this provider (removed with it). */
                        identities: number;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updateSignInProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        /** @description Only what changes. The kind never changes. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Lowercase letters, digits and dashes; the provider's URLs use it. */
                    slug?: string;
                    /** @description What the sign-in page shows: "Sign in with <name>". */
                    name?: string;
                    enabled?: boolean;
                    allow_sign_up?: boolean;
                    /** @description Order on the sign-in page, smallest first. */
                    position?: number;
                    /** @description The kind's settings (see the SignInProvider schema's description and docs/sign-in.md); checked per field. */
                    settings?: {
                        [key: string]: unknown;
                    };
                    /** @description The kind's secret (LDAP bind password, client secret, Feishu app secret); write-only. On PUT: omitted keeps it, empty removes it. */
                    secret?: string;
                };
            };
        };
        responses: {
            /** @description A sign-in provider as administrators see it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        slug: string;
                        kind: string;
                        name: string;
                        enabled: boolean;
                        allow_sign_up: boolean;
                        position: number;
                        /** @description password: LDAP; redirect: the others. */
                        style: "password" | "redirect";
                        /** @description env: declared by TARMAC_SIGN_IN_PROVIDERS, read-only here. */
                        source: "ui" | "env";
                        settings: {
                            [key: string]: unknown;
                        };
                        /** @description Masked (••••••••1a2b), or null when none is set. Never the secret. */
                        secret: string | null;
                        /** @description Accounts linked to this provider (removed with it). */
                        identities: number;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    deleteSignInProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A successful delete. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        message: "OK";
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    testSignInProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description LDAP: a username to look up and show what it maps to. */
                    username?: string;
                };
            };
        };
        responses: {
            /** @description The result of a test; a failing provider is ok: false, not an error. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        /** @description What happened, in words: each step, or the failure. */
                        message: string;
                        user: {
                            dn: string;
                            username: string;
                            email: string | null;
                            name: string | null;
                            admin: boolean | null;
                            /** @description Whether the entry passes the group filter. */
                            allowed: boolean;
                        } | null;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getPasswordSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Whether local passwords sign in. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        password_sign_in_enabled: boolean;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    setPasswordSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description false: SSO-only mode. */
                    password_sign_in_enabled: boolean;
                };
            };
        };
        responses: {
            /** @description Whether local passwords sign in. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        password_sign_in_enabled: boolean;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getSystemInfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What runs, on what, and whether its configuration is sane. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SystemInfo"];
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getZealotImport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What `tarmac import zealot` did, every run together. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether `tarmac import zealot` has written anything to this Tarmac (a dry run writes nothing). */
                        imported: boolean;
                        /** @description null when nothing was imported. */
                        first_at: string | null;
                        /** @description null when nothing was imported. */
                        last_at: string | null;
                        /** @description Zealot rows handled, all tables. */
                        total: number;
                        /** @description Per Zealot table, in name order. */
                        tables: components["schemas"]["ZealotImportTableCounts"][];
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listZealotImportRows: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page: 1 to the max_per_page setting (100 unless changed; 422 above it). Absent: the per_page setting (25 unless changed). */
                per_page?: number;
                /** @description Only rows with this outcome (imported: only those carrying a detail, such as "file missing"). */
                outcome?: "imported" | "merged" | "skipped" | "refused";
                /** @description Only rows of this Zealot table (users, apps, channels, releases …). */
                table?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the rows. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ZealotImportRow"][];
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    listApps: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page: 1 to the max_per_page setting (100 unless changed; 422 above it). Absent: the per_page setting (25 unless changed). */
                per_page?: number;
                /** @description all (the default), active or archived apps. */
                scope?: "all" | "active" | "archived";
                /** @description Part of the name, any case. */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of apps. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["App"][];
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    createApp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Display name; never blank. */
                    name: string;
                    /** @description Schemes, each with its channels, created with the app in one go. */
                    schemes?: {
                        /** @description Display name, e.g. "Beta"; never blank. */
                        name: string;
                        /** @description Whether uploads to the scheme's channels are posted to their webhooks; true when omitted. */
                        new_build_callout?: boolean;
                        /** @description Builds kept per channel, 0 to 1000; 0 (the default) keeps all. */
                        retained_builds?: number;
                        /** @description Channels to create in the scheme. */
                        channels?: {
                            /** @description Display name, e.g. "Android" or "App Store"; never blank. */
                            name: string;
                            /**
                             * @description The platform of the builds the channel takes.
                             * @enum {string}
                             */
                            device_type: "ios" | "android" | "harmonyos" | "macos" | "windows" | "linux";
                            /** @description Public identifier used in URLs: 1 to 64 letters, digits, "-" or "_", unique ignoring case. Random (6 to 8 lowercase letters and digits) when omitted or empty. */
                            slug?: string;
                            /** @description The bundle id / package name rule uploads must pass: "*" (the default) accepts any; a glob like "com.example.*" matches the whole id; anything else is a regular expression (Ruby syntax, as in Zealot), unanchored, run in linear time. A rule that cannot run (backreferences, lookaround, invalid syntax) is 422 on bundle_id. */
                            bundle_id?: string;
                            /** @description The repository, an http(s) URL; "" or null for none. */
                            git_url?: string | null;
                            /** @description Guards the channel's install pages and downloads; "" for none (on update: clears it). Stored hashed, never returned: see has_password. */
                            password?: string;
                            /**
                             * @description Download file names: <slug>_<version>_<build>_<date> (version_datetime, the default) or the uploaded name (original_filename).
                             * @enum {string}
                             */
                            download_filename_type?: "version_datetime" | "original_filename";
                        }[];
                    }[];
                };
            };
        };
        responses: {
            /** @description An app with its schemes, channels and collaborators, and what the caller may do on it. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        /** @description An archived app is read-only until unarchived. */
                        archived: boolean;
                        /** @description Whether people who are not signed in may browse and install it while the guest_mode setting is on; false by default. */
                        public: boolean;
                        /** @description The app's owner (its creator, unless ownership was transferred); null when their account is gone. */
                        owner: {
                            id: number;
                            username: string;
                        } | null;
                        /** @description The caller's collaborator role on the app; null for a global admin who is not on its team. */
                        role: ("member" | "developer" | "admin") | null;
                        schemes: components["schemas"]["AppScheme"][];
                        /** @description How many builds the app holds, all channels together. */
                        release_count: number;
                        /** @description The app's icon: that of the newest channel head (a channel's newest build) with one, on the team's path (GET /api/releases/{id}/icon); null before the first build with an icon. */
                        icon_url: string | null;
                        /** @description The owner first, then in the order they joined. */
                        collaborators: components["schemas"]["Collaborator"][];
                        /** @description What the caller may do on the app, by role. An archived app also refuses changes to itself, its schemes and channels, and uploads (409), whatever these say: combine them with `archived`. */
                        permissions: {
                            /** @description Rename the app (PUT /api/apps/{id}). */
                            update: boolean;
                            /** @description Archive and unarchive the app. */
                            archive: boolean;
                            /** @description Delete the app. */
                            delete: boolean;
                            /** @description Create, change and delete schemes. */
                            manage_schemes: boolean;
                            /** @description Create, change and delete channels; regenerate their keys. */
                            manage_channels: boolean;
                            /** @description Add collaborators, change their roles, remove them. */
                            manage_collaborators: boolean;
                            /** @description See channel keys. */
                            read_keys: boolean;
                            /** @description Upload builds. */
                            upload: boolean;
                            /** @description Edit releases. */
                            update_releases: boolean;
                            /** @description Delete releases. */
                            delete_releases: boolean;
                            /** @description Transfer ownership (the owner and global admins). */
                            transfer: boolean;
                        };
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    getLatestReleases: {
        parameters: {
            query: {
                /** @description The channel key (the credential of these endpoints). Missing or unknown: 401. */
                channel_key: string;
                /** @description Only builds with this bundle id / package name. */
                bundle_id?: string;
                /** @description The caller's release version (CFBundleShortVersionString, versionName). */
                release_version?: string;
                /** @description The caller's build version (CFBundleVersion, versionCode). */
                build_version?: string;
                /** @description Sent by the SDKs (`android-0.2.0`, `ios-0.2.1`); ignored. */
                sdk?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The channel, its app and scheme, and its builds that match. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description "<app> <scheme> <channel>". */
                        app_name: string;
                        /** @description The channel's bundle id rule; "*" accepts any. */
                        bundle_id: string;
                        git_url: string | null;
                        app: {
                            id: number;
                            name: string;
                        };
                        scheme: {
                            id: number;
                            name: string;
                            new_build_callout: boolean;
                            /** @description Builds kept per channel; 0 keeps all. */
                            retained_builds: number;
                        };
                        /** @description Always an array, newest first; empty when there is nothing newer. */
                        releases: components["schemas"]["Release"][];
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    getAppPresets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What POST /api/apps creates when its body has no `schemes`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The preset_schemes setting, in the shape of POST /api/apps `schemes`, in its order; empty when none is set. */
                        schemes: {
                            /** @description The scheme's name, e.g. "Production". */
                            name: string;
                            channels: {
                                /** @description The channel's name, e.g. "iOS". */
                                name: string;
                                /**
                                 * @description The platform of the channel's builds.
                                 * @enum {string}
                                 */
                                device_type: "ios" | "android" | "harmonyos" | "macos" | "windows" | "linux";
                            }[];
                        }[];
                        /** @description The default_retained_builds setting: builds per channel a new scheme keeps when it does not say (0 keeps all). */
                        retained_builds: number;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    uploadRelease: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description multipart/form-data; text fields may come before or after the file, and empty ones count as absent (but password). */
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description Personal access token, when not sent as `?token=` or `Authorization: Bearer`. */
                    token?: string;
                    /** @description The channel to upload to. Empty or absent: the build goes to an existing channel you may upload to that takes the package's platform and bundle id (one holding builds with that bundle id, else one of an app with the new app's name); when there is none, a new app (owned by you), scheme and channel are made. `placement` in the answer says which. */
                    channel_key?: string;
                    /**
                     * Format: binary
                     * @description The package: ipa, apk, aab, hap, app, zipped macOS app, dmg, pkg, exe, zipped Windows app folder, msix, msi, deb, rpm or AppImage. Any content type.
                     */
                    file: string;
                    /** @description The new app's name (only with no channel_key); the package's name when empty. */
                    name?: string;
                    /** @description Sets the channel's password; sent empty, clears it. */
                    password?: string;
                    /** @description debug, beta, adhoc, release, enterprise … */
                    release_type?: string;
                    /** @description Where the build came from: fastlane, jenkins, gitlab-ci …; "api" when empty. */
                    source?: string;
                    /** @description Plain text (one entry per line, a leading "- " or "* " dropped) or JSON: an array of {message, author?, email?, date?, …} (other keys, such as a commit `hash`, kept as sent) or of strings. */
                    changelog?: string;
                    /** @description Git branch; a leading "origin/" is dropped. */
                    branch?: string;
                    /** @description Git commit the build was made from. */
                    git_commit?: string;
                    /** @description The CI job that made the build. */
                    ci_url?: string;
                    /** @description Any JSON as text, stored and answered exactly as sent: an object such as {"tauri_signature": "…"}, Zealot's [{"name", "value", "icon"}], fastlane's unset default ["[]"] … Empty: []. Text that is not JSON is kept as a string, but text opening with "{" or "[" must be valid JSON. At most 65536 bytes, 32 levels deep. */
                    custom_fields?: string;
                    /** @description Sets the channel's slug. */
                    slug?: string;
                    /** @description Sets the channel's repository URL. */
                    git_url?: string;
                    /**
                     * @description Sets the channel's download file names.
                     * @enum {string}
                     */
                    download_filename_type?: "version_datetime" | "original_filename";
                };
            };
        };
        responses: {
            /** @description The uploaded release with its app, scheme and channel and the parsed metadata, and where it went. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description Per-channel build number: 1, 2, 3 … */
                        version: number;
                        /** @description "<app> <scheme> <channel>". */
                        app_name: string;
                        /** @description Bundle id or package name; "" when the package has none. */
                        bundle_id: string;
                        /** @description User-facing version (CFBundleShortVersionString, versionName); "" when unknown. */
                        release_version: string;
                        /** @description Build number (CFBundleVersion, versionCode); "" when unknown. */
                        build_version: string;
                        release_type: string | null;
                        source: string;
                        branch: string | null;
                        git_commit: string | null;
                        ci_url: string | null;
                        /** @description File size in bytes. */
                        size: number;
                        /** @description iOS, Android, HarmonyOS, macOS, Windows or Linux. */
                        platform: string;
                        /** @description The package's device: iphone, ipad, universal, phone, tablet, watch, television, automotive … */
                        device_type: string;
                        /** @description ipa, apk, aab, hap, macos_app, exe, windows_app, deb … */
                        format: string;
                        min_os_version: string | null;
                        /** @description SHA-256 of the file, hex. */
                        checksum: string;
                        /** @description The uploaded file name. */
                        file_name: string;
                        /** @description The icon as PNG (`/<slug>/<id>/icon.png`); null when the package had none. Every public link of a build carries its channel's slug. Links of a password-protected channel carry a `grant` for callers entitled to it. */
                        icon_url: string | null;
                        /** @description itms-services:// for iOS builds, the download URL otherwise. For a password-protected channel it carries a `grant` (valid TARMAC_CHANNEL_GRANT_HOURS) when the caller may open the channel. */
                        install_url: string;
                        /** @description `/<slug>/<id>/download`: redirects to a URL ending in the file name. Carries a `grant` like install_url. */
                        download_url: string;
                        /** @description The build's install page, `/<slug>/<id>`. */
                        release_url: string;
                        /** @description A QR code of release_url, `/channels/<slug>/releases/<id>/qrcode`. */
                        qrcode_url: string;
                        changelog: ({
                            message: string;
                            author?: string;
                            email?: string;
                            date?: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                        text_changelog: string;
                        /** @description Any JSON, exactly as sent with the upload or edit: an object such as {"tauri_signature": "…"}, Zealot's [{"name", "value", "icon"}], fastlane's unset default ["[]"] … [] when none was sent. */
                        custom_fields: unknown;
                        /** @description Completed downloads of the file (a whole file, or a range reaching its last byte). */
                        download_count: number;
                        /** @description iOS over-the-air installs started: fetches of the install manifest. */
                        install_count: number;
                        /** Format: date-time */
                        created_at: string;
                        app: {
                            id: number;
                            name: string;
                        };
                        scheme: {
                            id: number;
                            name: string;
                            new_build_callout: boolean;
                            /** @description Builds kept per channel; 0 keeps all. */
                            retained_builds: number;
                        };
                        channel: components["schemas"]["Channel"];
                        /** @description custom_fields as the pages show them (one rule with the install page): none, a table of fields, or formatted JSON; custom_fields stays as sent. */
                        custom_fields_view: {
                            /** @enum {string} */
                            kind: "none";
                        } | {
                            /** @enum {string} */
                            kind: "fields";
                            fields: {
                                name: string;
                                /** @description The value as text; "" for null. */
                                value: string;
                                /** @description A font-awesome class name, as sent. */
                                icon?: string;
                            }[];
                        } | {
                            /** @enum {string} */
                            kind: "json";
                            /** @description The JSON formatted, two spaces per level. */
                            text: string;
                        };
                        /** @description Why no device can install this build, at the time of the answer: an expired provisioning profile or signing certificate, with the date. [] when none is known (device-specific reasons, such as a device missing from the profile, are the install page's). */
                        install_problems: {
                            /** @description profile_expired: the embedded provisioning profile expired; certificate_expired: every developer certificate it lists expired (the one that signed the app is among them). */
                            kind: "profile_expired" | "certificate_expired";
                            /**
                             * Format: date-time
                             * @description When it expired.
                             */
                            expired_at: string;
                        }[];
                        /** @description Everything the parser read from the package, as the `appinfo` CLI prints it (snake_case): format, platform, device, name, bundle_id, versions, archs, icons and `details`, whose shape depends on the format (iOS: provisioning_profile with type, team, expiry, devices, entitlements and developer_certificates; Android: SDK levels, permissions, features, activities, native_abis and signing; …). {} for a release stored without it. */
                        metadata: {
                            [key: string]: unknown;
                        };
                        /**
                         * @description Where the build went: `channel_key`, the channel the key names; without a key, `bundle_id`, an existing channel holding builds with the package's bundle id; `app_name`, a channel of an existing app with the new app's name; `created`, a new app, scheme and channel.
                         * @enum {string}
                         */
                        placement: "channel_key" | "bundle_id" | "app_name" | "created";
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body arrived more slowly than `TARMAC_MIN_UPLOAD_RATE_BYTES` or stopped for `TARMAC_BODY_IDLE_TIMEOUT_SECONDS`. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The file (or the declared `Content-Length`) is over `TARMAC_MAX_UPLOAD_BYTES`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
            /** @description Too many bodies from callers not known yet (`TARMAC_MAX_ANONYMOUS_BODIES`); try again after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    checkVersionExists: {
        parameters: {
            query: {
                /** @description The channel key (the credential of these endpoints). Missing or unknown: 401. */
                channel_key: string;
                /** @description Bundle id / package name of the build. */
                bundle_id: string;
                /** @description With build_version: the release version to look for. */
                release_version?: string;
                /** @description With release_version: the build version to look for. */
                build_version?: string;
                /** @description Instead of the versions: the commit the build was made from. */
                git_commit?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A release: one uploaded build. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description Per-channel build number: 1, 2, 3 … */
                        version: number;
                        /** @description "<app> <scheme> <channel>". */
                        app_name: string;
                        /** @description Bundle id or package name; "" when the package has none. */
                        bundle_id: string;
                        /** @description User-facing version (CFBundleShortVersionString, versionName); "" when unknown. */
                        release_version: string;
                        /** @description Build number (CFBundleVersion, versionCode); "" when unknown. */
                        build_version: string;
                        release_type: string | null;
                        source: string;
                        branch: string | null;
                        git_commit: string | null;
                        ci_url: string | null;
                        /** @description File size in bytes. */
                        size: number;
                        /** @description iOS, Android, HarmonyOS, macOS, Windows or Linux. */
                        platform: string;
                        /** @description The package's device: iphone, ipad, universal, phone, tablet, watch, television, automotive … */
                        device_type: string;
                        /** @description ipa, apk, aab, hap, macos_app, exe, windows_app, deb … */
                        format: string;
                        min_os_version: string | null;
                        /** @description SHA-256 of the file, hex. */
                        checksum: string;
                        /** @description The uploaded file name. */
                        file_name: string;
                        /** @description The icon as PNG (`/<slug>/<id>/icon.png`); null when the package had none. Every public link of a build carries its channel's slug. Links of a password-protected channel carry a `grant` for callers entitled to it. */
                        icon_url: string | null;
                        /** @description itms-services:// for iOS builds, the download URL otherwise. For a password-protected channel it carries a `grant` (valid TARMAC_CHANNEL_GRANT_HOURS) when the caller may open the channel. */
                        install_url: string;
                        /** @description `/<slug>/<id>/download`: redirects to a URL ending in the file name. Carries a `grant` like install_url. */
                        download_url: string;
                        /** @description The build's install page, `/<slug>/<id>`. */
                        release_url: string;
                        /** @description A QR code of release_url, `/channels/<slug>/releases/<id>/qrcode`. */
                        qrcode_url: string;
                        changelog: ({
                            message: string;
                            author?: string;
                            email?: string;
                            date?: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                        text_changelog: string;
                        /** @description Any JSON, exactly as sent with the upload or edit: an object such as {"tauri_signature": "…"}, Zealot's [{"name", "value", "icon"}], fastlane's unset default ["[]"] … [] when none was sent. */
                        custom_fields: unknown;
                        /** @description Completed downloads of the file (a whole file, or a range reaching its last byte). */
                        download_count: number;
                        /** @description iOS over-the-air installs started: fetches of the install manifest. */
                        install_count: number;
                        /** Format: date-time */
                        created_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    listChannelVersions: {
        parameters: {
            query: {
                /** @description The channel key (the credential of these endpoints). Missing or unknown: 401. */
                channel_key: string;
                /** @description Page number, from 1. */
                page?: number;
                /** @description Releases per page, 1 to 1000. */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The channel, its app and scheme, and its builds that match. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description "<app> <scheme> <channel>". */
                        app_name: string;
                        /** @description The channel's bundle id rule; "*" accepts any. */
                        bundle_id: string;
                        git_url: string | null;
                        app: {
                            id: number;
                            name: string;
                        };
                        scheme: {
                            id: number;
                            name: string;
                            new_build_callout: boolean;
                            /** @description Builds kept per channel; 0 keeps all. */
                            retained_builds: number;
                        };
                        /** @description Always an array, newest first; empty when there is nothing newer. */
                        releases: components["schemas"]["Release"][];
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    addCollaborator: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description App id. */
                app_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The user to add. Optional when email or username names them. */
                    user_id?: number;
                    /** @description The user's email address (any case), when user_id is not given. */
                    email?: string;
                    /** @description The user's username (any case), when neither user_id nor email is given. */
                    username?: string;
                    /**
                     * @description member reads the app; developer also uploads builds, edits releases and sees channel keys; admin also manages the app, its schemes, channels and collaborators.
                     * @enum {string}
                     */
                    role: "member" | "developer" | "admin";
                };
            };
        };
        responses: {
            /** @description A member of the app's team and their role on it. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The collaborator's user id. */
                        id: number;
                        username: string;
                        email: string;
                        /**
                         * @description member reads the app; developer also uploads builds, edits releases and sees channel keys; admin also manages the app, its schemes, channels and collaborators.
                         * @enum {string}
                         */
                        role: "member" | "developer" | "admin";
                        /** @description Whether this user owns the app: an admin who cannot be removed or demoted until ownership is transferred. */
                        owner: boolean;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    listCollaboratorCandidates: {
        parameters: {
            query?: {
                /** @description A whole email, or the first 3 or more characters of a username; any case. Shorter (or absent) is a 422: this never lists everyone. */
                q?: string;
                /** @description At most this many users, 1 to 50. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description App id. */
                app_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The users that may be added. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The user's id: pass it as user_id to add them. */
                        id: number;
                        username: string;
                        email: string;
                    }[];
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    getCollaborator: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description App id. */
                app_id: number;
                /** @description The collaborator's user id. */
                user_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A member of the app's team and their role on it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The collaborator's user id. */
                        id: number;
                        username: string;
                        email: string;
                        /**
                         * @description member reads the app; developer also uploads builds, edits releases and sees channel keys; admin also manages the app, its schemes, channels and collaborators.
                         * @enum {string}
                         */
                        role: "member" | "developer" | "admin";
                        /** @description Whether this user owns the app: an admin who cannot be removed or demoted until ownership is transferred. */
                        owner: boolean;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updateCollaborator: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description App id. */
                app_id: number;
                /** @description The collaborator's user id. */
                user_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description member reads the app; developer also uploads builds, edits releases and sees channel keys; admin also manages the app, its schemes, channels and collaborators.
                     * @enum {string}
                     */
                    role: "member" | "developer" | "admin";
                };
            };
        };
        responses: {
            /** @description A member of the app's team and their role on it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The collaborator's user id. */
                        id: number;
                        username: string;
                        email: string;
                        /**
                         * @description member reads the app; developer also uploads builds, edits releases and sees channel keys; admin also manages the app, its schemes, channels and collaborators.
                         * @enum {string}
                         */
                        role: "member" | "developer" | "admin";
                        /** @description Whether this user owns the app: an admin who cannot be removed or demoted until ownership is transferred. */
                        owner: boolean;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    removeCollaborator: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description App id. */
                app_id: number;
                /** @description The collaborator's user id. */
                user_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A successful delete. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        message: "OK";
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listSchemes: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page: 1 to the max_per_page setting (100 unless changed; 422 above it). Absent: the per_page setting (25 unless changed). */
                per_page?: number;
            };
            header?: never;
            path: {
                /** @description App id. */
                app_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The app's schemes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Scheme"][];
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    createScheme: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description App id. */
                app_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Display name, e.g. "Beta"; never blank. */
                    name: string;
                    /** @description Whether uploads to the scheme's channels are posted to their webhooks; true when omitted. */
                    new_build_callout?: boolean;
                    /** @description Builds kept per channel, 0 to 1000; 0 (the default) keeps all. */
                    retained_builds?: number;
                };
            };
        };
        responses: {
            /** @description A scheme with its channels and the app it belongs to. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description e.g. "Beta", "Release". */
                        name: string;
                        /** @description Whether new builds are announced: when false, uploads to the scheme's channels post to no webhook (other events still do). */
                        new_build_callout: boolean;
                        /** @description Builds kept per channel, newest first; 0 keeps all. */
                        retained_builds: number;
                        channels: components["schemas"]["Channel"][];
                        /** @description The app the scheme belongs to. */
                        app: {
                            id: number;
                            name: string;
                            archived: boolean;
                        };
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    transferApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description App id. */
                app_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The new owner: already a collaborator of the app. */
                    user_id: number;
                };
            };
        };
        responses: {
            /** @description An app with its schemes, channels and collaborators, and what the caller may do on it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        /** @description An archived app is read-only until unarchived. */
                        archived: boolean;
                        /** @description Whether people who are not signed in may browse and install it while the guest_mode setting is on; false by default. */
                        public: boolean;
                        /** @description The app's owner (its creator, unless ownership was transferred); null when their account is gone. */
                        owner: {
                            id: number;
                            username: string;
                        } | null;
                        /** @description The caller's collaborator role on the app; null for a global admin who is not on its team. */
                        role: ("member" | "developer" | "admin") | null;
                        schemes: components["schemas"]["AppScheme"][];
                        /** @description How many builds the app holds, all channels together. */
                        release_count: number;
                        /** @description The app's icon: that of the newest channel head (a channel's newest build) with one, on the team's path (GET /api/releases/{id}/icon); null before the first build with an icon. */
                        icon_url: string | null;
                        /** @description The owner first, then in the order they joined. */
                        collaborators: components["schemas"]["Collaborator"][];
                        /** @description What the caller may do on the app, by role. An archived app also refuses changes to itself, its schemes and channels, and uploads (409), whatever these say: combine them with `archived`. */
                        permissions: {
                            /** @description Rename the app (PUT /api/apps/{id}). */
                            update: boolean;
                            /** @description Archive and unarchive the app. */
                            archive: boolean;
                            /** @description Delete the app. */
                            delete: boolean;
                            /** @description Create, change and delete schemes. */
                            manage_schemes: boolean;
                            /** @description Create, change and delete channels; regenerate their keys. */
                            manage_channels: boolean;
                            /** @description Add collaborators, change their roles, remove them. */
                            manage_collaborators: boolean;
                            /** @description See channel keys. */
                            read_keys: boolean;
                            /** @description Upload builds. */
                            upload: boolean;
                            /** @description Edit releases. */
                            update_releases: boolean;
                            /** @description Delete releases. */
                            delete_releases: boolean;
                            /** @description Transfer ownership (the owner and global admins). */
                            transfer: boolean;
                        };
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    getApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An app with its schemes, channels and collaborators, and what the caller may do on it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        /** @description An archived app is read-only until unarchived. */
                        archived: boolean;
                        /** @description Whether people who are not signed in may browse and install it while the guest_mode setting is on; false by default. */
                        public: boolean;
                        /** @description The app's owner (its creator, unless ownership was transferred); null when their account is gone. */
                        owner: {
                            id: number;
                            username: string;
                        } | null;
                        /** @description The caller's collaborator role on the app; null for a global admin who is not on its team. */
                        role: ("member" | "developer" | "admin") | null;
                        schemes: components["schemas"]["AppScheme"][];
                        /** @description How many builds the app holds, all channels together. */
                        release_count: number;
                        /** @description The app's icon: that of the newest channel head (a channel's newest build) with one, on the team's path (GET /api/releases/{id}/icon); null before the first build with an icon. */
                        icon_url: string | null;
                        /** @description The owner first, then in the order they joined. */
                        collaborators: components["schemas"]["Collaborator"][];
                        /** @description What the caller may do on the app, by role. An archived app also refuses changes to itself, its schemes and channels, and uploads (409), whatever these say: combine them with `archived`. */
                        permissions: {
                            /** @description Rename the app (PUT /api/apps/{id}). */
                            update: boolean;
                            /** @description Archive and unarchive the app. */
                            archive: boolean;
                            /** @description Delete the app. */
                            delete: boolean;
                            /** @description Create, change and delete schemes. */
                            manage_schemes: boolean;
                            /** @description Create, change and delete channels; regenerate their keys. */
                            manage_channels: boolean;
                            /** @description Add collaborators, change their roles, remove them. */
                            manage_collaborators: boolean;
                            /** @description See channel keys. */
                            read_keys: boolean;
                            /** @description Upload builds. */
                            upload: boolean;
                            /** @description Edit releases. */
                            update_releases: boolean;
                            /** @description Delete releases. */
                            delete_releases: boolean;
                            /** @description Transfer ownership (the owner and global admins). */
                            transfer: boolean;
                        };
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updateApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Display name; never blank. */
                    name?: string;
                    /** @description false unarchives (the one change an archived app accepts); true archives. */
                    archived?: boolean;
                    /** @description Marks the app public (guest mode) or private; the app's administrators only. */
                    public?: boolean;
                };
            };
        };
        responses: {
            /** @description An app with its schemes, channels and collaborators, and what the caller may do on it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        /** @description An archived app is read-only until unarchived. */
                        archived: boolean;
                        /** @description Whether people who are not signed in may browse and install it while the guest_mode setting is on; false by default. */
                        public: boolean;
                        /** @description The app's owner (its creator, unless ownership was transferred); null when their account is gone. */
                        owner: {
                            id: number;
                            username: string;
                        } | null;
                        /** @description The caller's collaborator role on the app; null for a global admin who is not on its team. */
                        role: ("member" | "developer" | "admin") | null;
                        schemes: components["schemas"]["AppScheme"][];
                        /** @description How many builds the app holds, all channels together. */
                        release_count: number;
                        /** @description The app's icon: that of the newest channel head (a channel's newest build) with one, on the team's path (GET /api/releases/{id}/icon); null before the first build with an icon. */
                        icon_url: string | null;
                        /** @description The owner first, then in the order they joined. */
                        collaborators: components["schemas"]["Collaborator"][];
                        /** @description What the caller may do on the app, by role. An archived app also refuses changes to itself, its schemes and channels, and uploads (409), whatever these say: combine them with `archived`. */
                        permissions: {
                            /** @description Rename the app (PUT /api/apps/{id}). */
                            update: boolean;
                            /** @description Archive and unarchive the app. */
                            archive: boolean;
                            /** @description Delete the app. */
                            delete: boolean;
                            /** @description Create, change and delete schemes. */
                            manage_schemes: boolean;
                            /** @description Create, change and delete channels; regenerate their keys. */
                            manage_channels: boolean;
                            /** @description Add collaborators, change their roles, remove them. */
                            manage_collaborators: boolean;
                            /** @description See channel keys. */
                            read_keys: boolean;
                            /** @description Upload builds. */
                            upload: boolean;
                            /** @description Edit releases. */
                            update_releases: boolean;
                            /** @description Delete releases. */
                            delete_releases: boolean;
                            /** @description Transfer ownership (the owner and global admins). */
                            transfer: boolean;
                        };
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    deleteApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A successful delete. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        message: "OK";
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    archiveApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An app with its schemes, channels and collaborators, and what the caller may do on it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        /** @description An archived app is read-only until unarchived. */
                        archived: boolean;
                        /** @description Whether people who are not signed in may browse and install it while the guest_mode setting is on; false by default. */
                        public: boolean;
                        /** @description The app's owner (its creator, unless ownership was transferred); null when their account is gone. */
                        owner: {
                            id: number;
                            username: string;
                        } | null;
                        /** @description The caller's collaborator role on the app; null for a global admin who is not on its team. */
                        role: ("member" | "developer" | "admin") | null;
                        schemes: components["schemas"]["AppScheme"][];
                        /** @description How many builds the app holds, all channels together. */
                        release_count: number;
                        /** @description The app's icon: that of the newest channel head (a channel's newest build) with one, on the team's path (GET /api/releases/{id}/icon); null before the first build with an icon. */
                        icon_url: string | null;
                        /** @description The owner first, then in the order they joined. */
                        collaborators: components["schemas"]["Collaborator"][];
                        /** @description What the caller may do on the app, by role. An archived app also refuses changes to itself, its schemes and channels, and uploads (409), whatever these say: combine them with `archived`. */
                        permissions: {
                            /** @description Rename the app (PUT /api/apps/{id}). */
                            update: boolean;
                            /** @description Archive and unarchive the app. */
                            archive: boolean;
                            /** @description Delete the app. */
                            delete: boolean;
                            /** @description Create, change and delete schemes. */
                            manage_schemes: boolean;
                            /** @description Create, change and delete channels; regenerate their keys. */
                            manage_channels: boolean;
                            /** @description Add collaborators, change their roles, remove them. */
                            manage_collaborators: boolean;
                            /** @description See channel keys. */
                            read_keys: boolean;
                            /** @description Upload builds. */
                            upload: boolean;
                            /** @description Edit releases. */
                            update_releases: boolean;
                            /** @description Delete releases. */
                            delete_releases: boolean;
                            /** @description Transfer ownership (the owner and global admins). */
                            transfer: boolean;
                        };
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    unarchiveApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An app with its schemes, channels and collaborators, and what the caller may do on it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        /** @description An archived app is read-only until unarchived. */
                        archived: boolean;
                        /** @description Whether people who are not signed in may browse and install it while the guest_mode setting is on; false by default. */
                        public: boolean;
                        /** @description The app's owner (its creator, unless ownership was transferred); null when their account is gone. */
                        owner: {
                            id: number;
                            username: string;
                        } | null;
                        /** @description The caller's collaborator role on the app; null for a global admin who is not on its team. */
                        role: ("member" | "developer" | "admin") | null;
                        schemes: components["schemas"]["AppScheme"][];
                        /** @description How many builds the app holds, all channels together. */
                        release_count: number;
                        /** @description The app's icon: that of the newest channel head (a channel's newest build) with one, on the team's path (GET /api/releases/{id}/icon); null before the first build with an icon. */
                        icon_url: string | null;
                        /** @description The owner first, then in the order they joined. */
                        collaborators: components["schemas"]["Collaborator"][];
                        /** @description What the caller may do on the app, by role. An archived app also refuses changes to itself, its schemes and channels, and uploads (409), whatever these say: combine them with `archived`. */
                        permissions: {
                            /** @description Rename the app (PUT /api/apps/{id}). */
                            update: boolean;
                            /** @description Archive and unarchive the app. */
                            archive: boolean;
                            /** @description Delete the app. */
                            delete: boolean;
                            /** @description Create, change and delete schemes. */
                            manage_schemes: boolean;
                            /** @description Create, change and delete channels; regenerate their keys. */
                            manage_channels: boolean;
                            /** @description Add collaborators, change their roles, remove them. */
                            manage_collaborators: boolean;
                            /** @description See channel keys. */
                            read_keys: boolean;
                            /** @description Upload builds. */
                            upload: boolean;
                            /** @description Edit releases. */
                            update_releases: boolean;
                            /** @description Delete releases. */
                            delete_releases: boolean;
                            /** @description Transfer ownership (the owner and global admins). */
                            transfer: boolean;
                        };
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getChannel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A channel with the scheme and app it belongs to. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description Short public identifier used in URLs. */
                        slug: string;
                        name: string;
                        /** @enum {string} */
                        device_type: "ios" | "android" | "harmonyos" | "macos" | "windows" | "linux";
                        /** @description The bundle id / package name rule builds must pass: "*" accepts any; a glob of letters, digits, ".", "-", "_" and "*" ("com.example.*") matches the whole id; anything else is a regular expression (Ruby syntax, as in Zealot) found anywhere in the id. */
                        bundle_id: string;
                        git_url: string | null;
                        has_password: boolean;
                        /** @description The secret channel key clients upload and check versions with (developers and administrators only). */
                        key?: string;
                        /** @enum {string} */
                        download_filename_type: "version_datetime" | "original_filename";
                        /** @description The scheme the channel belongs to. */
                        scheme: {
                            id: number;
                            name: string;
                        };
                        /** @description The app the channel belongs to. */
                        app: {
                            id: number;
                            name: string;
                            archived: boolean;
                        };
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updateChannel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Display name, e.g. "Android" or "App Store"; never blank. */
                    name?: string;
                    /**
                     * @description The platform of the builds the channel takes.
                     * @enum {string}
                     */
                    device_type?: "ios" | "android" | "harmonyos" | "macos" | "windows" | "linux";
                    /** @description Public identifier used in URLs: 1 to 64 letters, digits, "-" or "_", unique ignoring case. Random (6 to 8 lowercase letters and digits) when omitted or empty. */
                    slug?: string;
                    /** @description The bundle id / package name rule uploads must pass: "*" (the default) accepts any; a glob like "com.example.*" matches the whole id; anything else is a regular expression (Ruby syntax, as in Zealot), unanchored, run in linear time. A rule that cannot run (backreferences, lookaround, invalid syntax) is 422 on bundle_id. */
                    bundle_id?: string;
                    /** @description The repository, an http(s) URL; "" or null for none. */
                    git_url?: string | null;
                    /** @description Guards the channel's install pages and downloads; "" for none (on update: clears it). Stored hashed, never returned: see has_password. */
                    password?: string;
                    /**
                     * @description Download file names: <slug>_<version>_<build>_<date> (version_datetime, the default) or the uploaded name (original_filename).
                     * @enum {string}
                     */
                    download_filename_type?: "version_datetime" | "original_filename";
                };
            };
        };
        responses: {
            /** @description A channel with the scheme and app it belongs to. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description Short public identifier used in URLs. */
                        slug: string;
                        name: string;
                        /** @enum {string} */
                        device_type: "ios" | "android" | "harmonyos" | "macos" | "windows" | "linux";
                        /** @description The bundle id / package name rule builds must pass: "*" accepts any; a glob of letters, digits, ".", "-", "_" and "*" ("com.example.*") matches the whole id; anything else is a regular expression (Ruby syntax, as in Zealot) found anywhere in the id. */
                        bundle_id: string;
                        git_url: string | null;
                        has_password: boolean;
                        /** @description The secret channel key clients upload and check versions with (developers and administrators only). */
                        key?: string;
                        /** @enum {string} */
                        download_filename_type: "version_datetime" | "original_filename";
                        /** @description The scheme the channel belongs to. */
                        scheme: {
                            id: number;
                            name: string;
                        };
                        /** @description The app the channel belongs to. */
                        app: {
                            id: number;
                            name: string;
                            archived: boolean;
                        };
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    deleteChannel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A successful delete. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        message: "OK";
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    regenerateChannelKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A channel with the scheme and app it belongs to. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description Short public identifier used in URLs. */
                        slug: string;
                        name: string;
                        /** @enum {string} */
                        device_type: "ios" | "android" | "harmonyos" | "macos" | "windows" | "linux";
                        /** @description The bundle id / package name rule builds must pass: "*" accepts any; a glob of letters, digits, ".", "-", "_" and "*" ("com.example.*") matches the whole id; anything else is a regular expression (Ruby syntax, as in Zealot) found anywhere in the id. */
                        bundle_id: string;
                        git_url: string | null;
                        has_password: boolean;
                        /** @description The secret channel key clients upload and check versions with (developers and administrators only). */
                        key?: string;
                        /** @enum {string} */
                        download_filename_type: "version_datetime" | "original_filename";
                        /** @description The scheme the channel belongs to. */
                        scheme: {
                            id: number;
                            name: string;
                        };
                        /** @description The app the channel belongs to. */
                        app: {
                            id: number;
                            name: string;
                            archived: boolean;
                        };
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listChannelReleases: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page: 1 to the max_per_page setting (100 unless changed; 422 above it). Absent: the per_page setting (25 unless changed). */
                per_page?: number;
                /** @description Only releases built from exactly this branch. */
                branch?: string;
                /** @description Only releases of exactly this type (debug, adhoc, release …). */
                release_type?: string;
                /** @description Part of the release_version or build_version, any case; a whole number also finds the build with that version number. */
                q?: string;
            };
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the channel's releases. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Release"][];
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    listChannelReleaseFacets: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The branches and release types a channel's releases use: the values its builds list can filter by. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Branches in name order (at most 200). */
                        branches: {
                            name: string;
                            /** @description Releases of the channel with this value. */
                            count: number;
                        }[];
                        /** @description Release types in name order (at most 200). */
                        release_types: {
                            name: string;
                            /** @description Releases of the channel with this value. */
                            count: number;
                        }[];
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    listChannelSubscribers: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page: 1 to the max_per_page setting (100 unless changed; 422 above it). Absent: the per_page setting (25 unless changed). */
                per_page?: number;
            };
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The channel's subscribers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChannelSubscriber"][];
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    addChannelSubscriber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description One email address (local@domain); stored lower-cased. */
                    email: string;
                    /**
                     * @description The language of the mails; TARMAC_DEFAULT_LOCALE when omitted.
                     * @enum {string}
                     */
                    locale?: "en" | "zh-CN";
                };
            };
        };
        responses: {
            /** @description Someone told by mail of the channel’s new builds. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description The address, lower-cased. */
                        email: string;
                        /**
                         * @description `pending`: asked on the install page, has not confirmed yet (gets no build mails); `active`: gets them.
                         * @enum {string}
                         */
                        state: "pending" | "active";
                        /**
                         * @description `self`: the install page’s form; `team`: added by the app’s admins.
                         * @enum {string}
                         */
                        source: "self" | "team";
                        /**
                         * @description The language of the mails.
                         * @enum {string}
                         */
                        locale: "en" | "zh-CN";
                        /**
                         * Format: date-time
                         * @description When the address was added or asked.
                         */
                        created_at: string;
                        confirmed_at: string | null;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    removeChannelSubscriber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Channel id. */
                id: number;
                /** @description Subscriber id. */
                subscriber_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A successful delete. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        message: "OK";
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listChannelWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Channel id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The channel's hooks and the shared hooks attached to it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"][];
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createChannelWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Channel id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A label; "" shows the provider's name. */
                    name?: string;
                    /**
                     * @description The service: what body is posted and how its answer is read.
                     * @enum {string}
                     */
                    provider: "slack" | "discord" | "feishu" | "dingtalk" | "wecom" | "teams" | "json";
                    /** @description The service's webhook URL, http(s). Loopback, private and link-local hosts are refused unless TARMAC_WEBHOOK_ALLOW_PRIVATE. */
                    url: string;
                    /** @description Signing secret (Feishu, DingTalk, JSON); "" clears it; omitted on update keeps it. */
                    secret?: string;
                    /** @description DingTalk only; null or "" for none. */
                    keyword?: string | null;
                    /**
                     * @description WeCom only: markdown (default) or news.
                     * @enum {string}
                     */
                    format?: "markdown" | "news";
                    /** @description A Mustache template (docs/webhooks.md lists the variables); null or "" for the preset. A bad one is 422 on template. */
                    template?: string | null;
                    /** @description What it posts on. */
                    events: ("upload" | "download" | "changelog" | "release_deleted" | "debug_file" | "digest")[];
                    /** @description A disabled hook posts nothing (its test button still works); true when omitted. */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description A webhook; its URL and secret are never answered in full. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description A label; "" shows the provider's name. */
                        name: string;
                        /** @enum {string} */
                        provider: "slack" | "discord" | "feishu" | "dingtalk" | "wecom" | "teams" | "json";
                        /** @description The URL with its credential hidden; the full URL is never answered. */
                        url_masked: string;
                        /** @description Whether a signing secret is set (Feishu, DingTalk, JSON); the secret is never answered. */
                        has_secret: boolean;
                        /** @description DingTalk's keyword, added to messages that lack it. */
                        keyword: string | null;
                        /** @description WeCom: markdown or a news card; null for others. */
                        format: ("markdown" | "news") | null;
                        /** @description A Mustache body (DingTalk and WeCom markdown, the JSON provider's body); null: the preset. */
                        template: string | null;
                        events: ("upload" | "download" | "changelog" | "release_deleted" | "debug_file" | "digest")[];
                        enabled: boolean;
                        /** @description A shared hook: global admins manage it and attach it to channels of any app. */
                        shared: boolean;
                        /** @description The channel a channel hook belongs to; null when shared. */
                        channel_id: number | null;
                        channels: {
                            id: number;
                            name: string;
                            scheme_name: string;
                            app_id: number;
                            app_name: string;
                        }[];
                        /** @description Whether the caller may change, test and delete it. */
                        editable: boolean;
                        /** @description The newest delivery; null before the first. */
                        last_delivery: {
                            /** @enum {string} */
                            state: "pending" | "delivered" | "failed";
                            /**
                             * Format: date-time
                             * @description When it finished, or was queued while pending.
                             */
                            at: string;
                            /** @description The HTTP status of its last attempt. */
                            status: number | null;
                        } | null;
                        /**
                         * Format: date-time
                         * @description When it was created.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description When it last changed.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    getDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the caller can see: a global admin counts every app, release and user; anyone else counts the apps they collaborate on and their releases. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Apps that are not archived. */
                        apps: number;
                        /** @description Releases, archived apps included. */
                        releases: number;
                        /** @description The bytes the releases' packages take in storage. */
                        storage_bytes: number;
                        /** @description Every user account; only in an administrator's answer. */
                        users?: number;
                        /** @description Debug files (dSYM, Proguard) in the same apps as releases, archived ones included. */
                        debug_files?: number;
                        /** @description The newest uploads first, at most 10. */
                        recent_releases: components["schemas"]["RecentRelease"][];
                        /** @description Background jobs; only in an administrator's answer. */
                        jobs?: {
                            /** @description Queued or scheduled (waiting for their time, or for a retry). */
                            waiting: number;
                            running: number;
                            /** @description Out of attempts: see /admin/jobs. */
                            failed: number;
                        };
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listDebugFiles: {
        parameters: {
            query?: {
                /** @description The app (signed in: any of the app's team). */
                app_id?: number;
                /** @description Instead of app_id and a token: a channel's key lists its app's files of the channel's platform. */
                channel_key?: string;
                /** @description Only files of this platform. */
                device_type?: "ios" | "android" | "macos";
                /** @description Only files of this release_version (compared as versions: 1.0 = 1). */
                release_version?: string;
                /** @description Only files of this build_version. */
                build_version?: string;
                /** @description Only files holding this UUID (any case, with or without dashes). */
                uuid?: string;
                /** @description `upload_date` (default): newest first; `version`: highest release and build first. */
                order?: "version" | "upload_date";
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page: 1 to the max_per_page setting (100 unless changed; 422 above it). Absent: the per_page setting (25 unless changed). */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the app's debug files. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        app_id: number;
                        app_name: string;
                        /** @description The platform: ios or macos (dSYM), android (Proguard). */
                        device_type: string;
                        /** @enum {string} */
                        category: "dSYM" | "Proguard";
                        /** @description The version it is filed under. */
                        release_version: string | null;
                        /** @description The build number it is filed under. */
                        build_version: string | null;
                        /** @description dSYM: the app's object name. Proguard: the package name. */
                        name: string | null;
                        /** @description The app's bundle id (dSYM) or package name (Proguard), when the file says it. */
                        bundle_id: string | null;
                        /** @description The CPU architectures of every slice (dSYM). */
                        archs: string[];
                        /** @description Every UUID the file can be found by. */
                        uuids: string[];
                        /** @description The name it was uploaded with. */
                        file_name: string;
                        /** @description The zip: a signed link valid 15 minutes (the app's team may also open it signed in). */
                        file_url: string;
                        file_size: number;
                        /** @description SHA-256 of the zip, hex. */
                        checksum: string;
                        /** @description ISO 8601. */
                        created_at: string;
                        /** @description The channel whose key it was uploaded with (null once deleted). */
                        channel: {
                            id: number;
                            name: string;
                            slug: string;
                        } | null;
                        /** @description The build with the same platform and versions in the app, if there is one. */
                        release: {
                            id: number;
                            version: number;
                            channel_id: number;
                        } | null;
                        uploader: {
                            id: number;
                            username: string;
                        } | null;
                        metadata: {
                            id: number;
                            /** @enum {string} */
                            category: "dSYM" | "Proguard";
                            /** @description dSYM: the slice's LC_UUID. Proguard: the mapping's debug id (UUIDv5 in Sentry's namespace). Lowercase, dashed. */
                            uuid: string | null;
                            /** @description ISO 8601. */
                            created_at: string;
                            /** @description dSYM: the slice's size. Proguard: mapping.txt's size. */
                            size: number;
                            /** @description dSYM: the object (executable or framework) the symbols are for. */
                            name?: string | null;
                            /** @description dSYM: its bundle's identifier. */
                            bundle_id?: string | null;
                            /** @description dSYM: the .dSYM folder, e.g. MyApp.app.dSYM. */
                            bundle_name?: string | null;
                            /** @description dSYM: the CPU architecture, e.g. arm64. */
                            arch?: string;
                            /** @description dSYM: true for everything but the app itself (extensions, frameworks, watch app). */
                            extension?: boolean;
                            /** @description Proguard: the app's package, from the zip's AndroidManifest.xml. */
                            package_name?: string | null;
                            /** @description Proguard: the id Zealot stores for the same mapping (UUIDv5 in the app-info namespace); lookups take either. */
                            zealot_uuid?: string | null;
                            /** @description Proguard: the files in the zip. */
                            files?: {
                                name: string;
                                size: number;
                            }[];
                        }[];
                        /** @description What the signed-in caller may do (absent for channel-key callers). */
                        permissions?: {
                            delete: boolean;
                        };
                    }[];
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    downloadDebugFile: {
        parameters: {
            query?: {
                /** @description A channel's key: its app's files of the channel's platform. */
                channel_key?: string;
                /** @description Required: the release_version of the build. */
                release_version?: string;
                /** @description The build_version; any build of the release when absent. */
                build_version?: string;
                /** @description `version` (default): the highest build; `upload_date` (or `upload`): the newest upload. */
                order?: "version" | "upload_date" | "upload";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Location: the zip. */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    uploadDebugFile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description multipart/form-data; text fields may come before or after the file, and empty ones count as absent. */
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description Personal access token, when not sent as `?token=` or `Authorization: Bearer`. */
                    token?: string;
                    /** @description The key of one of the app's channels: iOS or macOS for a dSYM, Android for a Proguard mapping. */
                    channel_key: string;
                    /**
                     * Format: binary
                     * @description A zip: one or more X.dSYM folders (at the top or inside a folder), or mapping.txt with the AndroidManifest.xml (R.txt and others may come along).
                     */
                    file: string;
                    /** @description The build's version (CFBundleShortVersionString, versionName). iOS: read from the dSYM when empty. Android: required unless the zip's AndroidManifest.xml has it. */
                    release_version?: string;
                    /** @description The build number (CFBundleVersion, versionCode). iOS: read from the dSYM when empty. Android: required unless the zip's AndroidManifest.xml has it. */
                    build_version?: string;
                    /** @description Accepted and ignored (it no longer changes anything): a zip is stored unless the same bytes are already stored for the app and versions. */
                    keep_both?: string;
                };
            };
        };
        responses: {
            /** @description A dSYM or Proguard zip and what crash reports match it by. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        app_id: number;
                        app_name: string;
                        /** @description The platform: ios or macos (dSYM), android (Proguard). */
                        device_type: string;
                        /** @enum {string} */
                        category: "dSYM" | "Proguard";
                        /** @description The version it is filed under. */
                        release_version: string | null;
                        /** @description The build number it is filed under. */
                        build_version: string | null;
                        /** @description dSYM: the app's object name. Proguard: the package name. */
                        name: string | null;
                        /** @description The app's bundle id (dSYM) or package name (Proguard), when the file says it. */
                        bundle_id: string | null;
                        /** @description The CPU architectures of every slice (dSYM). */
                        archs: string[];
                        /** @description Every UUID the file can be found by. */
                        uuids: string[];
                        /** @description The name it was uploaded with. */
                        file_name: string;
                        /** @description The zip: a signed link valid 15 minutes (the app's team may also open it signed in). */
                        file_url: string;
                        file_size: number;
                        /** @description SHA-256 of the zip, hex. */
                        checksum: string;
                        /** @description ISO 8601. */
                        created_at: string;
                        /** @description The channel whose key it was uploaded with (null once deleted). */
                        channel: {
                            id: number;
                            name: string;
                            slug: string;
                        } | null;
                        /** @description The build with the same platform and versions in the app, if there is one. */
                        release: {
                            id: number;
                            version: number;
                            channel_id: number;
                        } | null;
                        uploader: {
                            id: number;
                            username: string;
                        } | null;
                        metadata: {
                            id: number;
                            /** @enum {string} */
                            category: "dSYM" | "Proguard";
                            /** @description dSYM: the slice's LC_UUID. Proguard: the mapping's debug id (UUIDv5 in Sentry's namespace). Lowercase, dashed. */
                            uuid: string | null;
                            /** @description ISO 8601. */
                            created_at: string;
                            /** @description dSYM: the slice's size. Proguard: mapping.txt's size. */
                            size: number;
                            /** @description dSYM: the object (executable or framework) the symbols are for. */
                            name?: string | null;
                            /** @description dSYM: its bundle's identifier. */
                            bundle_id?: string | null;
                            /** @description dSYM: the .dSYM folder, e.g. MyApp.app.dSYM. */
                            bundle_name?: string | null;
                            /** @description dSYM: the CPU architecture, e.g. arm64. */
                            arch?: string;
                            /** @description dSYM: true for everything but the app itself (extensions, frameworks, watch app). */
                            extension?: boolean;
                            /** @description Proguard: the app's package, from the zip's AndroidManifest.xml. */
                            package_name?: string | null;
                            /** @description Proguard: the id Zealot stores for the same mapping (UUIDv5 in the app-info namespace); lookups take either. */
                            zealot_uuid?: string | null;
                            /** @description Proguard: the files in the zip. */
                            files?: {
                                name: string;
                                size: number;
                            }[];
                        }[];
                        /** @description What the signed-in caller may do (absent for channel-key callers). */
                        permissions?: {
                            delete: boolean;
                        };
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body arrived more slowly than `TARMAC_MIN_UPLOAD_RATE_BYTES` or stopped for `TARMAC_BODY_IDLE_TIMEOUT_SECONDS`. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The file (or the declared `Content-Length`) is over `TARMAC_MAX_UPLOAD_BYTES`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
            /** @description Too many bodies from callers not known yet (`TARMAC_MAX_ANONYMOUS_BODIES`); try again after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    findDebugFileByUuid: {
        parameters: {
            query?: {
                /** @description Only this app. */
                app_id?: number;
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page: 1 to the max_per_page setting (100 unless changed; 422 above it). Absent: the per_page setting (25 unless changed). */
                per_page?: number;
            };
            header?: never;
            path: {
                /** @description A Mach-O slice UUID (LC_UUID, as a crash report shows it) or a Proguard mapping id; any case, with or without dashes. */
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The debug files holding that UUID. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        app_id: number;
                        app_name: string;
                        /** @description The platform: ios or macos (dSYM), android (Proguard). */
                        device_type: string;
                        /** @enum {string} */
                        category: "dSYM" | "Proguard";
                        /** @description The version it is filed under. */
                        release_version: string | null;
                        /** @description The build number it is filed under. */
                        build_version: string | null;
                        /** @description dSYM: the app's object name. Proguard: the package name. */
                        name: string | null;
                        /** @description The app's bundle id (dSYM) or package name (Proguard), when the file says it. */
                        bundle_id: string | null;
                        /** @description The CPU architectures of every slice (dSYM). */
                        archs: string[];
                        /** @description Every UUID the file can be found by. */
                        uuids: string[];
                        /** @description The name it was uploaded with. */
                        file_name: string;
                        /** @description The zip: a signed link valid 15 minutes (the app's team may also open it signed in). */
                        file_url: string;
                        file_size: number;
                        /** @description SHA-256 of the zip, hex. */
                        checksum: string;
                        /** @description ISO 8601. */
                        created_at: string;
                        /** @description The channel whose key it was uploaded with (null once deleted). */
                        channel: {
                            id: number;
                            name: string;
                            slug: string;
                        } | null;
                        /** @description The build with the same platform and versions in the app, if there is one. */
                        release: {
                            id: number;
                            version: number;
                            channel_id: number;
                        } | null;
                        uploader: {
                            id: number;
                            username: string;
                        } | null;
                        metadata: {
                            id: number;
                            /** @enum {string} */
                            category: "dSYM" | "Proguard";
                            /** @description dSYM: the slice's LC_UUID. Proguard: the mapping's debug id (UUIDv5 in Sentry's namespace). Lowercase, dashed. */
                            uuid: string | null;
                            /** @description ISO 8601. */
                            created_at: string;
                            /** @description dSYM: the slice's size. Proguard: mapping.txt's size. */
                            size: number;
                            /** @description dSYM: the object (executable or framework) the symbols are for. */
                            name?: string | null;
                            /** @description dSYM: its bundle's identifier. */
                            bundle_id?: string | null;
                            /** @description dSYM: the .dSYM folder, e.g. MyApp.app.dSYM. */
                            bundle_name?: string | null;
                            /** @description dSYM: the CPU architecture, e.g. arm64. */
                            arch?: string;
                            /** @description dSYM: true for everything but the app itself (extensions, frameworks, watch app). */
                            extension?: boolean;
                            /** @description Proguard: the app's package, from the zip's AndroidManifest.xml. */
                            package_name?: string | null;
                            /** @description Proguard: the id Zealot stores for the same mapping (UUIDv5 in the app-info namespace); lookups take either. */
                            zealot_uuid?: string | null;
                            /** @description Proguard: the files in the zip. */
                            files?: {
                                name: string;
                                size: number;
                            }[];
                        }[];
                        /** @description What the signed-in caller may do (absent for channel-key callers). */
                        permissions?: {
                            delete: boolean;
                        };
                    }[];
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    getDebugFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A dSYM or Proguard zip and what crash reports match it by. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        app_id: number;
                        app_name: string;
                        /** @description The platform: ios or macos (dSYM), android (Proguard). */
                        device_type: string;
                        /** @enum {string} */
                        category: "dSYM" | "Proguard";
                        /** @description The version it is filed under. */
                        release_version: string | null;
                        /** @description The build number it is filed under. */
                        build_version: string | null;
                        /** @description dSYM: the app's object name. Proguard: the package name. */
                        name: string | null;
                        /** @description The app's bundle id (dSYM) or package name (Proguard), when the file says it. */
                        bundle_id: string | null;
                        /** @description The CPU architectures of every slice (dSYM). */
                        archs: string[];
                        /** @description Every UUID the file can be found by. */
                        uuids: string[];
                        /** @description The name it was uploaded with. */
                        file_name: string;
                        /** @description The zip: a signed link valid 15 minutes (the app's team may also open it signed in). */
                        file_url: string;
                        file_size: number;
                        /** @description SHA-256 of the zip, hex. */
                        checksum: string;
                        /** @description ISO 8601. */
                        created_at: string;
                        /** @description The channel whose key it was uploaded with (null once deleted). */
                        channel: {
                            id: number;
                            name: string;
                            slug: string;
                        } | null;
                        /** @description The build with the same platform and versions in the app, if there is one. */
                        release: {
                            id: number;
                            version: number;
                            channel_id: number;
                        } | null;
                        uploader: {
                            id: number;
                            username: string;
                        } | null;
                        metadata: {
                            id: number;
                            /** @enum {string} */
                            category: "dSYM" | "Proguard";
                            /** @description dSYM: the slice's LC_UUID. Proguard: the mapping's debug id (UUIDv5 in Sentry's namespace). Lowercase, dashed. */
                            uuid: string | null;
                            /** @description ISO 8601. */
                            created_at: string;
                            /** @description dSYM: the slice's size. Proguard: mapping.txt's size. */
                            size: number;
                            /** @description dSYM: the object (executable or framework) the symbols are for. */
                            name?: string | null;
                            /** @description dSYM: its bundle's identifier. */
                            bundle_id?: string | null;
                            /** @description dSYM: the .dSYM folder, e.g. MyApp.app.dSYM. */
                            bundle_name?: string | null;
                            /** @description dSYM: the CPU architecture, e.g. arm64. */
                            arch?: string;
                            /** @description dSYM: true for everything but the app itself (extensions, frameworks, watch app). */
                            extension?: boolean;
                            /** @description Proguard: the app's package, from the zip's AndroidManifest.xml. */
                            package_name?: string | null;
                            /** @description Proguard: the id Zealot stores for the same mapping (UUIDv5 in the app-info namespace); lookups take either. */
                            zealot_uuid?: string | null;
                            /** @description Proguard: the files in the zip. */
                            files?: {
                                name: string;
                                size: number;
                            }[];
                        }[];
                        /** @description What the signed-in caller may do (absent for channel-key callers). */
                        permissions?: {
                            delete: boolean;
                        };
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deleteDebugFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A successful delete. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        message: "OK";
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getDemoMode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Demo mode, as the web app shows it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether this instance is a read-only demo whose data resets daily at 00:00 UTC. */
                        enabled: boolean;
                        /** @description The demo accounts one may sign in as (empty when not a demo). */
                        accounts: string[];
                        /** @description Their password (null when not a demo). */
                        password: string | null;
                        /** @description When the data resets, as a UTC time of day (HH:MM). */
                        reset_at: string;
                    };
                };
            };
        };
    };
    listDevices: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page: 1 to the max_per_page setting (100 unless changed; 422 above it). Absent: the per_page setting (25 unless changed). */
                per_page?: number;
                /** @description Finds devices whose UDID, name or model identifier contains this text (any case). */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of devices. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Device"][];
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    lookupDevices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description UDIDs in any case (40 hex digits, 8 and 16 hex digits joined by a hyphen, or a Mac's hardware UUID); at most 1000. */
                    udids: string[];
                };
            };
        };
        responses: {
            /** @description The registered devices among them, by UDID. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Device"][];
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    getDevice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A registered Apple device. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Device id. */
                        id: number;
                        /** @description The UDID as Apple writes it: 40 lowercase hex digits, or 8 and 16 uppercase hex digits joined by a hyphen. */
                        udid: string;
                        name: string | null;
                        product: string | null;
                        model: string | null;
                        os_version: string | null;
                        ios_version: string | null;
                        serial: string | null;
                        imei: string | null;
                        /**
                         * @description Where the device came from first: `udid`, the device sent its UDID through /udid; `sync`, a sync from the Apple developer account (PUT /api/devices/{udid}); `profile`, the provisioning profile of an uploaded iOS build lists it.
                         * @enum {string}
                         */
                        source: "udid" | "sync" | "profile";
                        platform: string | null;
                        status: string | null;
                        /**
                         * Format: date-time
                         * @description When the device was first stored (its first UDID answer, or the sync that first listed it).
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description Last change: a new report from the device, a sync that changed something, or a rename.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    deleteDevice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A successful delete. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        message: "OK";
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    updateDevice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The new name, trimmed; at most 255 characters. An empty string clears it. */
                    name: string;
                };
            };
        };
        responses: {
            /** @description A registered Apple device. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Device id. */
                        id: number;
                        /** @description The UDID as Apple writes it: 40 lowercase hex digits, or 8 and 16 uppercase hex digits joined by a hyphen. */
                        udid: string;
                        name: string | null;
                        product: string | null;
                        model: string | null;
                        os_version: string | null;
                        ios_version: string | null;
                        serial: string | null;
                        imei: string | null;
                        /**
                         * @description Where the device came from first: `udid`, the device sent its UDID through /udid; `sync`, a sync from the Apple developer account (PUT /api/devices/{udid}); `profile`, the provisioning profile of an uploaded iOS build lists it.
                         * @enum {string}
                         */
                        source: "udid" | "sync" | "profile";
                        platform: string | null;
                        status: string | null;
                        /**
                         * Format: date-time
                         * @description When the device was first stored (its first UDID answer, or the sync that first listed it).
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description Last change: a new report from the device, a sync that changed something, or a rename.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    syncDevice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The UDID, in any case: 40 hex digits, or 8 and 16 hex digits joined by a hyphen. Stored in Apple's form. */
                udid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The name in the Apple developer account; trimmed, at most 255 characters. Replaces the stored name; empty keeps it. */
                    name?: string;
                    /** @description The model as the Apple developer account names it, e.g. iPhone 14 Pro; at most 255 characters. */
                    model?: string;
                    /** @description Apple's platform: IOS, MAC_OS … (ios and mac are read as IOS and MAC_OS); stored in upper case. */
                    platform?: string;
                    /** @description Apple's status: ENABLED or DISABLED (c and r, the older portal's letters, are read as ENABLED and DISABLED). */
                    status?: string;
                };
            };
        };
        responses: {
            /** @description A registered Apple device. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Device id. */
                        id: number;
                        /** @description The UDID as Apple writes it: 40 lowercase hex digits, or 8 and 16 uppercase hex digits joined by a hyphen. */
                        udid: string;
                        name: string | null;
                        product: string | null;
                        model: string | null;
                        os_version: string | null;
                        ios_version: string | null;
                        serial: string | null;
                        imei: string | null;
                        /**
                         * @description Where the device came from first: `udid`, the device sent its UDID through /udid; `sync`, a sync from the Apple developer account (PUT /api/devices/{udid}); `profile`, the provisioning profile of an uploaded iOS build lists it.
                         * @enum {string}
                         */
                        source: "udid" | "sync" | "profile";
                        platform: string | null;
                        status: string | null;
                        /**
                         * Format: date-time
                         * @description When the device was first stored (its first UDID answer, or the sync that first listed it).
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description Last change: a new report from the device, a sync that changed something, or a rename.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `healthy`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description `unhealthy`: the database does not answer. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
        };
    };
    getHealthJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Whether Tarmac can serve: healthy, or what is wrong. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        healthy: boolean;
                        /** @description "healthy", or what is wrong. */
                        message: string;
                    };
                };
            };
            /** @description Whether Tarmac can serve: healthy, or what is wrong. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        healthy: boolean;
                        /** @description "healthy", or what is wrong. */
                        message: string;
                    };
                };
            };
        };
    };
    getHealthChecks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description full, all, or check names joined by _. */
                checks: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The checks asked for, and whether all of them pass. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthChecks"];
                };
            };
            /** @description This address is not in TARMAC_HEALTH_ALLOWED_IPS. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No check has this name. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
            /** @description A check failed: `healthy` is false. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthChecks"];
                };
            };
        };
    };
    listInvitations: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page: 1 to the max_per_page setting (100 unless changed; 422 above it). Absent: the per_page setting (25 unless changed). */
                per_page?: number;
                /** @description Only invitations in this state. */
                state?: "pending" | "accepted" | "expired" | "revoked";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of invitations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"][];
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    createInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The address to invite. */
                    email: string;
                    /**
                     * @description The new account's role: default_role when omitted; an app's administrator may give member or developer, at most their own.
                     * @enum {string}
                     */
                    role?: "member" | "developer" | "admin";
                    /** @description Apps to join on accepting; an app's administrator must give at least one of their apps. */
                    memberships?: {
                        app_id: number;
                        /**
                         * @description The role on the app.
                         * @enum {string}
                         */
                        role: "member" | "developer" | "admin";
                    }[];
                    /**
                     * @description The mail's language; the server's default when omitted.
                     * @enum {string}
                     */
                    locale?: "en" | "zh-CN";
                };
            };
        };
        responses: {
            /** @description The invitation and whether its mail went out. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invitation: components["schemas"]["Invitation"];
                        /** @description Whether the mail server took the message (false: try resending later). */
                        mail_sent: boolean;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    acceptInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The `key` of the mailed link. */
                    key: string;
                    /** @description For a new account. */
                    username?: string;
                    /** @description For a new account. */
                    password?: string;
                    /**
                     * @description The new account's language.
                     * @enum {string}
                     */
                    locale?: "en" | "zh-CN";
                };
            };
        };
        responses: {
            /** @description Joined the apps with the signed-in account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The web app's page to open: the first app the invitation brought, or /. */
                        redirect_to: string;
                    };
                };
            };
            /** @description The account was created and signed in. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["User"];
                        /** @description Send as the X-CSRF-Token header with every POST, PUT, PATCH and DELETE made with the cookie. */
                        csrf_token: string;
                        /** @description The web app's page to open: the first app the invitation brought, or /. */
                        redirect_to: string;
                    };
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    lookupInvitation: {
        parameters: {
            query: {
                /** @description The `key` of the mailed link. */
                key: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the accept page shows. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string;
                        /** @enum {string} */
                        role: "member" | "developer" | "admin";
                        /** @description The inviter's username. */
                        inviter: string | null;
                        /** @description The names of the apps accepting joins. */
                        apps: string[];
                        /**
                         * Format: date-time
                         * @description When the link stops working.
                         */
                        expires_at: string;
                        /** @description The address has an account: sign in to it, then accept. */
                        account_exists: boolean;
                    };
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    revokeInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An invitation by email. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description The invited address; the account made by accepting has it. */
                        email: string;
                        /**
                         * @description The global role of the account made by accepting.
                         * @enum {string}
                         */
                        role: "member" | "developer" | "admin";
                        /** @description The apps accepting joins, with the role on each. */
                        memberships: {
                            app_id: number;
                            /** @description Null when the app was deleted since. */
                            app_name: string | null;
                            /**
                             * @description The role on the app.
                             * @enum {string}
                             */
                            role: "member" | "developer" | "admin";
                        }[];
                        /** @description Who invited; null when that account was deleted. */
                        invited_by: {
                            id: number;
                            username: string;
                        } | null;
                        /**
                         * @description pending until accepted, revoked or expired.
                         * @enum {string}
                         */
                        state: "pending" | "accepted" | "expired" | "revoked";
                        /**
                         * Format: date-time
                         * @description When the link stops working (7 days after sending or resending).
                         */
                        expires_at: string;
                        accepted_at: string | null;
                        accepted_user_id: number | null;
                        revoked_at: string | null;
                        /**
                         * Format: date-time
                         * @description When it was first sent.
                         */
                        created_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    resendInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invitation and whether its mail went out. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invitation: components["schemas"]["Invitation"];
                        /** @description Whether the mail server took the message (false: try resending later). */
                        mail_sent: boolean;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    forgotPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The address of the account. */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Taken: a mail goes out if an account may get one. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The same sentence whether or not an account has the address. */
                        message: string;
                    };
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
            /** @description Every error answer. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getPasswordReset: {
        parameters: {
            query: {
                /** @description The `key` of the mailed link. */
                key: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A live mailed link: whose account, until when. It is not used up by asking. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The account the link is for. */
                        username: string;
                        /**
                         * Format: date-time
                         * @description When the link stops working.
                         */
                        expires_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    resetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The `key` of the mailed link. */
                    key: string;
                    /** @description The new password (8 to 128 characters). */
                    password: string;
                };
            };
        };
        responses: {
            /** @description The signed-in user and the CSRF token their writes must send as X-CSRF-Token. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["User"];
                        /** @description Send as the X-CSRF-Token header with every POST, PUT, PATCH and DELETE made with the cookie. */
                        csrf_token: string;
                    };
                };
            };
            /** @description The right password of an account with two-factor sign-in: the second step is next. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description The account has two-factor sign-in: no session yet.
                         * @enum {boolean}
                         */
                        two_factor_required: true;
                        /** @description Send it with a code to POST /api/session/two-factor; works 5 minutes, once. */
                        challenge: string;
                        /**
                         * Format: date-time
                         * @description When the challenge stops working.
                         */
                        expires_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    getRelease: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A release with its app, scheme and channel (the channel key only for developers and admins) and the parsed metadata. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description Per-channel build number: 1, 2, 3 … */
                        version: number;
                        /** @description "<app> <scheme> <channel>". */
                        app_name: string;
                        /** @description Bundle id or package name; "" when the package has none. */
                        bundle_id: string;
                        /** @description User-facing version (CFBundleShortVersionString, versionName); "" when unknown. */
                        release_version: string;
                        /** @description Build number (CFBundleVersion, versionCode); "" when unknown. */
                        build_version: string;
                        release_type: string | null;
                        source: string;
                        branch: string | null;
                        git_commit: string | null;
                        ci_url: string | null;
                        /** @description File size in bytes. */
                        size: number;
                        /** @description iOS, Android, HarmonyOS, macOS, Windows or Linux. */
                        platform: string;
                        /** @description The package's device: iphone, ipad, universal, phone, tablet, watch, television, automotive … */
                        device_type: string;
                        /** @description ipa, apk, aab, hap, macos_app, exe, windows_app, deb … */
                        format: string;
                        min_os_version: string | null;
                        /** @description SHA-256 of the file, hex. */
                        checksum: string;
                        /** @description The uploaded file name. */
                        file_name: string;
                        /** @description The icon as PNG (`/<slug>/<id>/icon.png`); null when the package had none. Every public link of a build carries its channel's slug. Links of a password-protected channel carry a `grant` for callers entitled to it. */
                        icon_url: string | null;
                        /** @description itms-services:// for iOS builds, the download URL otherwise. For a password-protected channel it carries a `grant` (valid TARMAC_CHANNEL_GRANT_HOURS) when the caller may open the channel. */
                        install_url: string;
                        /** @description `/<slug>/<id>/download`: redirects to a URL ending in the file name. Carries a `grant` like install_url. */
                        download_url: string;
                        /** @description The build's install page, `/<slug>/<id>`. */
                        release_url: string;
                        /** @description A QR code of release_url, `/channels/<slug>/releases/<id>/qrcode`. */
                        qrcode_url: string;
                        changelog: ({
                            message: string;
                            author?: string;
                            email?: string;
                            date?: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                        text_changelog: string;
                        /** @description Any JSON, exactly as sent with the upload or edit: an object such as {"tauri_signature": "…"}, Zealot's [{"name", "value", "icon"}], fastlane's unset default ["[]"] … [] when none was sent. */
                        custom_fields: unknown;
                        /** @description Completed downloads of the file (a whole file, or a range reaching its last byte). */
                        download_count: number;
                        /** @description iOS over-the-air installs started: fetches of the install manifest. */
                        install_count: number;
                        /** Format: date-time */
                        created_at: string;
                        app: {
                            id: number;
                            name: string;
                        };
                        scheme: {
                            id: number;
                            name: string;
                            new_build_callout: boolean;
                            /** @description Builds kept per channel; 0 keeps all. */
                            retained_builds: number;
                        };
                        channel: components["schemas"]["Channel"];
                        /** @description custom_fields as the pages show them (one rule with the install page): none, a table of fields, or formatted JSON; custom_fields stays as sent. */
                        custom_fields_view: {
                            /** @enum {string} */
                            kind: "none";
                        } | {
                            /** @enum {string} */
                            kind: "fields";
                            fields: {
                                name: string;
                                /** @description The value as text; "" for null. */
                                value: string;
                                /** @description A font-awesome class name, as sent. */
                                icon?: string;
                            }[];
                        } | {
                            /** @enum {string} */
                            kind: "json";
                            /** @description The JSON formatted, two spaces per level. */
                            text: string;
                        };
                        /** @description Why no device can install this build, at the time of the answer: an expired provisioning profile or signing certificate, with the date. [] when none is known (device-specific reasons, such as a device missing from the profile, are the install page's). */
                        install_problems: {
                            /** @description profile_expired: the embedded provisioning profile expired; certificate_expired: every developer certificate it lists expired (the one that signed the app is among them). */
                            kind: "profile_expired" | "certificate_expired";
                            /**
                             * Format: date-time
                             * @description When it expired.
                             */
                            expired_at: string;
                        }[];
                        /** @description Everything the parser read from the package, as the `appinfo` CLI prints it (snake_case): format, platform, device, name, bundle_id, versions, archs, icons and `details`, whose shape depends on the format (iOS: provisioning_profile with type, team, expiry, devices, entitlements and developer_certificates; Android: SDK levels, permissions, features, activities, native_abis and signing; …). {} for a release stored without it. */
                        metadata: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    updateRelease: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description User-facing version; never blank (a blank value is a 422). */
                    release_version?: string;
                    /** @description Build number; never blank (a blank value is a 422). */
                    build_version?: string;
                    /** @description debug, beta, adhoc, release, enterprise …; "" clears it. */
                    release_type?: string;
                    /** @description Where the build came from (fastlane, jenkins …); "" sets it back to "api". */
                    source?: string;
                    /** @description Git branch; a leading "origin/" is dropped; "" clears it. */
                    branch?: string;
                    /** @description Git commit; "" clears it. */
                    git_commit?: string;
                    /** @description The CI job that made the build; "" clears it. */
                    ci_url?: string;
                    /** @description Text (one entry per line, a leading "- " or "* " dropped) or JSON: an array of {message, author?, email?, date?, …} (other keys kept as sent) or of strings. "" empties it. */
                    changelog?: unknown;
                    /** @description Any JSON, stored and answered as sent: as JSON text (a form field, or a string in a JSON body) or, in a JSON body, the value itself. "" and null store []; text that is not JSON is kept as a string, but text opening with "{" or "[" must be valid JSON. At most 65536 bytes, 32 levels deep. */
                    custom_fields?: unknown;
                };
            };
        };
        responses: {
            /** @description A release with its app, scheme and channel (the channel key only for developers and admins) and the parsed metadata. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description Per-channel build number: 1, 2, 3 … */
                        version: number;
                        /** @description "<app> <scheme> <channel>". */
                        app_name: string;
                        /** @description Bundle id or package name; "" when the package has none. */
                        bundle_id: string;
                        /** @description User-facing version (CFBundleShortVersionString, versionName); "" when unknown. */
                        release_version: string;
                        /** @description Build number (CFBundleVersion, versionCode); "" when unknown. */
                        build_version: string;
                        release_type: string | null;
                        source: string;
                        branch: string | null;
                        git_commit: string | null;
                        ci_url: string | null;
                        /** @description File size in bytes. */
                        size: number;
                        /** @description iOS, Android, HarmonyOS, macOS, Windows or Linux. */
                        platform: string;
                        /** @description The package's device: iphone, ipad, universal, phone, tablet, watch, television, automotive … */
                        device_type: string;
                        /** @description ipa, apk, aab, hap, macos_app, exe, windows_app, deb … */
                        format: string;
                        min_os_version: string | null;
                        /** @description SHA-256 of the file, hex. */
                        checksum: string;
                        /** @description The uploaded file name. */
                        file_name: string;
                        /** @description The icon as PNG (`/<slug>/<id>/icon.png`); null when the package had none. Every public link of a build carries its channel's slug. Links of a password-protected channel carry a `grant` for callers entitled to it. */
                        icon_url: string | null;
                        /** @description itms-services:// for iOS builds, the download URL otherwise. For a password-protected channel it carries a `grant` (valid TARMAC_CHANNEL_GRANT_HOURS) when the caller may open the channel. */
                        install_url: string;
                        /** @description `/<slug>/<id>/download`: redirects to a URL ending in the file name. Carries a `grant` like install_url. */
                        download_url: string;
                        /** @description The build's install page, `/<slug>/<id>`. */
                        release_url: string;
                        /** @description A QR code of release_url, `/channels/<slug>/releases/<id>/qrcode`. */
                        qrcode_url: string;
                        changelog: ({
                            message: string;
                            author?: string;
                            email?: string;
                            date?: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                        text_changelog: string;
                        /** @description Any JSON, exactly as sent with the upload or edit: an object such as {"tauri_signature": "…"}, Zealot's [{"name", "value", "icon"}], fastlane's unset default ["[]"] … [] when none was sent. */
                        custom_fields: unknown;
                        /** @description Completed downloads of the file (a whole file, or a range reaching its last byte). */
                        download_count: number;
                        /** @description iOS over-the-air installs started: fetches of the install manifest. */
                        install_count: number;
                        /** Format: date-time */
                        created_at: string;
                        app: {
                            id: number;
                            name: string;
                        };
                        scheme: {
                            id: number;
                            name: string;
                            new_build_callout: boolean;
                            /** @description Builds kept per channel; 0 keeps all. */
                            retained_builds: number;
                        };
                        channel: components["schemas"]["Channel"];
                        /** @description custom_fields as the pages show them (one rule with the install page): none, a table of fields, or formatted JSON; custom_fields stays as sent. */
                        custom_fields_view: {
                            /** @enum {string} */
                            kind: "none";
                        } | {
                            /** @enum {string} */
                            kind: "fields";
                            fields: {
                                name: string;
                                /** @description The value as text; "" for null. */
                                value: string;
                                /** @description A font-awesome class name, as sent. */
                                icon?: string;
                            }[];
                        } | {
                            /** @enum {string} */
                            kind: "json";
                            /** @description The JSON formatted, two spaces per level. */
                            text: string;
                        };
                        /** @description Why no device can install this build, at the time of the answer: an expired provisioning profile or signing certificate, with the date. [] when none is known (device-specific reasons, such as a device missing from the profile, are the install page's). */
                        install_problems: {
                            /** @description profile_expired: the embedded provisioning profile expired; certificate_expired: every developer certificate it lists expired (the one that signed the app is among them). */
                            kind: "profile_expired" | "certificate_expired";
                            /**
                             * Format: date-time
                             * @description When it expired.
                             */
                            expired_at: string;
                        }[];
                        /** @description Everything the parser read from the package, as the `appinfo` CLI prints it (snake_case): format, platform, device, name, bundle_id, versions, archs, icons and `details`, whose shape depends on the format (iOS: provisioning_profile with type, team, expiry, devices, entitlements and developer_certificates; Android: SDK levels, permissions, features, activities, native_abis and signing; …). {} for a release stored without it. */
                        metadata: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    deleteRelease: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A successful delete. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        message: "OK";
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    getReleaseIcon: {
        parameters: {
            query?: {
                /** @description A channel grant, as in icon_url. */
                grant?: string;
            };
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description PNG image. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    getScheme: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A scheme with its channels and the app it belongs to. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description e.g. "Beta", "Release". */
                        name: string;
                        /** @description Whether new builds are announced: when false, uploads to the scheme's channels post to no webhook (other events still do). */
                        new_build_callout: boolean;
                        /** @description Builds kept per channel, newest first; 0 keeps all. */
                        retained_builds: number;
                        channels: components["schemas"]["Channel"][];
                        /** @description The app the scheme belongs to. */
                        app: {
                            id: number;
                            name: string;
                            archived: boolean;
                        };
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updateScheme: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Display name, e.g. "Beta"; never blank. */
                    name?: string;
                    /** @description Whether uploads to the scheme's channels are posted to their webhooks; true when omitted. */
                    new_build_callout?: boolean;
                    /** @description Builds kept per channel, 0 to 1000; 0 (the default) keeps all. */
                    retained_builds?: number;
                };
            };
        };
        responses: {
            /** @description A scheme with its channels and the app it belongs to. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description e.g. "Beta", "Release". */
                        name: string;
                        /** @description Whether new builds are announced: when false, uploads to the scheme's channels post to no webhook (other events still do). */
                        new_build_callout: boolean;
                        /** @description Builds kept per channel, newest first; 0 keeps all. */
                        retained_builds: number;
                        channels: components["schemas"]["Channel"][];
                        /** @description The app the scheme belongs to. */
                        app: {
                            id: number;
                            name: string;
                            archived: boolean;
                        };
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    deleteScheme: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A successful delete. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        message: "OK";
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listChannels: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page: 1 to the max_per_page setting (100 unless changed; 422 above it). Absent: the per_page setting (25 unless changed). */
                per_page?: number;
            };
            header?: never;
            path: {
                /** @description Scheme id. */
                scheme_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The scheme's channels. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Channel"][];
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    createChannel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Scheme id. */
                scheme_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Display name, e.g. "Android" or "App Store"; never blank. */
                    name: string;
                    /**
                     * @description The platform of the builds the channel takes.
                     * @enum {string}
                     */
                    device_type: "ios" | "android" | "harmonyos" | "macos" | "windows" | "linux";
                    /** @description Public identifier used in URLs: 1 to 64 letters, digits, "-" or "_", unique ignoring case. Random (6 to 8 lowercase letters and digits) when omitted or empty. */
                    slug?: string;
                    /** @description The bundle id / package name rule uploads must pass: "*" (the default) accepts any; a glob like "com.example.*" matches the whole id; anything else is a regular expression (Ruby syntax, as in Zealot), unanchored, run in linear time. A rule that cannot run (backreferences, lookaround, invalid syntax) is 422 on bundle_id. */
                    bundle_id?: string;
                    /** @description The repository, an http(s) URL; "" or null for none. */
                    git_url?: string | null;
                    /** @description Guards the channel's install pages and downloads; "" for none (on update: clears it). Stored hashed, never returned: see has_password. */
                    password?: string;
                    /**
                     * @description Download file names: <slug>_<version>_<build>_<date> (version_datetime, the default) or the uploaded name (original_filename).
                     * @enum {string}
                     */
                    download_filename_type?: "version_datetime" | "original_filename";
                };
            };
        };
        responses: {
            /** @description A channel with the scheme and app it belongs to. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description Short public identifier used in URLs. */
                        slug: string;
                        name: string;
                        /** @enum {string} */
                        device_type: "ios" | "android" | "harmonyos" | "macos" | "windows" | "linux";
                        /** @description The bundle id / package name rule builds must pass: "*" accepts any; a glob of letters, digits, ".", "-", "_" and "*" ("com.example.*") matches the whole id; anything else is a regular expression (Ruby syntax, as in Zealot) found anywhere in the id. */
                        bundle_id: string;
                        git_url: string | null;
                        has_password: boolean;
                        /** @description The secret channel key clients upload and check versions with (developers and administrators only). */
                        key?: string;
                        /** @enum {string} */
                        download_filename_type: "version_datetime" | "original_filename";
                        /** @description The scheme the channel belongs to. */
                        scheme: {
                            id: number;
                            name: string;
                        };
                        /** @description The app the channel belongs to. */
                        app: {
                            id: number;
                            name: string;
                            archived: boolean;
                        };
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session, or nulls when this browser is not signed in. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"] | {
                        user: null;
                        csrf_token: null;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Username or email. */
                    login: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description The signed-in user and the CSRF token their writes must send as X-CSRF-Token. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["User"];
                        /** @description Send as the X-CSRF-Token header with every POST, PUT, PATCH and DELETE made with the cookie. */
                        csrf_token: string;
                    };
                };
            };
            /** @description The right password of an account with two-factor sign-in: the second step is next. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description The account has two-factor sign-in: no session yet.
                         * @enum {boolean}
                         */
                        two_factor_required: true;
                        /** @description Send it with a code to POST /api/session/two-factor; works 5 minutes, once. */
                        challenge: string;
                        /**
                         * Format: date-time
                         * @description When the challenge stops working.
                         */
                        expires_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A locked account, or password sign-in is off (SSO-only). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
            /** @description Every error answer. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A successful delete. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        message: "OK";
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    signInWithLdap: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The provider's slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The directory username. */
                    login: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description The signed-in user and the CSRF token their writes must send as X-CSRF-Token. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["User"];
                        /** @description Send as the X-CSRF-Token header with every POST, PUT, PATCH and DELETE made with the cookie. */
                        csrf_token: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An account already has this email: sign in to it and confirm the link (or an identity refusal: see `code`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        /** @enum {string} */
                        code: "identity.link_required";
                        params?: {
                            [key: string]: string | number;
                        };
                        /** @description Send it to POST /api/user/identities/confirm once signed in to the account with that email. */
                        link_token: string;
                        email: string;
                        /** Format: date-time */
                        expires_at: string;
                    };
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
            /** @description Every error answer. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The directory cannot be reached or refused the service account. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getSignInLink: {
        parameters: {
            query: {
                /** @description The `key` of the mailed link. */
                key: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A live mailed link: whose account, until when. It is not used up by asking. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The account the link is for. */
                        username: string;
                        /**
                         * Format: date-time
                         * @description When the link stops working.
                         */
                        expires_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    requestSignInLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The address of the account. */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Taken: a mail goes out if an account may get one. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The same sentence whether or not an account has the address. */
                        message: string;
                    };
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
            /** @description Every error answer. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    confirmSignInLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The `key` of the mailed link. */
                    key: string;
                };
            };
        };
        responses: {
            /** @description The signed-in user and the CSRF token their writes must send as X-CSRF-Token. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["User"];
                        /** @description Send as the X-CSRF-Token header with every POST, PUT, PATCH and DELETE made with the cookie. */
                        csrf_token: string;
                    };
                };
            };
            /** @description The right password of an account with two-factor sign-in: the second step is next. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description The account has two-factor sign-in: no session yet.
                         * @enum {boolean}
                         */
                        two_factor_required: true;
                        /** @description Send it with a code to POST /api/session/two-factor; works 5 minutes, once. */
                        challenge: string;
                        /**
                         * Format: date-time
                         * @description When the challenge stops working.
                         */
                        expires_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    signInSecondFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The challenge POST /api/session answered. */
                    challenge: string;
                    /** @description The 6-digit code the authenticator app shows. */
                    code?: string;
                    /** @description One of the recovery codes, instead of a code. */
                    recovery_code?: string;
                };
            };
        };
        responses: {
            /** @description The signed-in user and the CSRF token their writes must send as X-CSRF-Token. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["User"];
                        /** @description Send as the X-CSRF-Token header with every POST, PUT, PATCH and DELETE made with the cookie. */
                        csrf_token: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
            /** @description Every error answer. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Instance-wide settings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether a stranger may create their own account (`POST /api/users/register`): true while registration_policy is open or domains. Kept for older clients; setting it sets the policy to open (true) or closed (false) unless the policy is sent too. */
                        registration_enabled: boolean;
                        /** @description Who may create an account: nobody (closed; invitations still work), anyone (open), people whose email is at one of registration_domains (domains), or only people holding an invitation (invitation). */
                        registration_policy: "closed" | "open" | "domains" | "invitation";
                        /** @description Email domains whose addresses may sign up under the domains policy, stored lower-case. The part after "@" must equal one of them exactly: sub-domains are not included (list dev.example.com beside example.com to admit both). */
                        registration_domains: string[];
                        /** @description Whether a local sign-up must follow a mailed link before it can sign in with its password. Needs outgoing mail (TARMAC_SMTP_URL): turning it on without it answers 409. */
                        email_confirmation_required: boolean;
                        /** @description The role of accounts people create themselves and of accounts a sign-in provider creates. */
                        default_role: "member" | "developer";
                        /** @description Whether the sign-in page offers a one-time sign-in link by mail (`POST /api/session/link`); turning it on needs mail (409). */
                        sign_in_link_enabled: boolean;
                        /** @description Whether accounts that sign in with a password must set up two-factor sign-in before they can use anything else. API tokens are not affected. */
                        two_factor_required: boolean;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updateSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Only the settings to change. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Whether a stranger may create their own account (`POST /api/users/register`): true while registration_policy is open or domains. Kept for older clients; setting it sets the policy to open (true) or closed (false) unless the policy is sent too. */
                    registration_enabled?: boolean;
                    /** @description Who may create an account: nobody (closed; invitations still work), anyone (open), people whose email is at one of registration_domains (domains), or only people holding an invitation (invitation). */
                    registration_policy?: "closed" | "open" | "domains" | "invitation";
                    /** @description Email domains whose addresses may sign up under the domains policy, stored lower-case. The part after "@" must equal one of them exactly: sub-domains are not included (list dev.example.com beside example.com to admit both). */
                    registration_domains?: string[];
                    /** @description Whether a local sign-up must follow a mailed link before it can sign in with its password. Needs outgoing mail (TARMAC_SMTP_URL): turning it on without it answers 409. */
                    email_confirmation_required?: boolean;
                    /** @description The role of accounts people create themselves and of accounts a sign-in provider creates. */
                    default_role?: "member" | "developer";
                    /** @description Whether the sign-in page offers a one-time sign-in link by mail (`POST /api/session/link`); turning it on needs mail (409). */
                    sign_in_link_enabled?: boolean;
                    /** @description Whether accounts that sign in with a password must set up two-factor sign-in before they can use anything else. API tokens are not affected. */
                    two_factor_required?: boolean;
                };
            };
        };
        responses: {
            /** @description Instance-wide settings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether a stranger may create their own account (`POST /api/users/register`): true while registration_policy is open or domains. Kept for older clients; setting it sets the policy to open (true) or closed (false) unless the policy is sent too. */
                        registration_enabled: boolean;
                        /** @description Who may create an account: nobody (closed; invitations still work), anyone (open), people whose email is at one of registration_domains (domains), or only people holding an invitation (invitation). */
                        registration_policy: "closed" | "open" | "domains" | "invitation";
                        /** @description Email domains whose addresses may sign up under the domains policy, stored lower-case. The part after "@" must equal one of them exactly: sub-domains are not included (list dev.example.com beside example.com to admit both). */
                        registration_domains: string[];
                        /** @description Whether a local sign-up must follow a mailed link before it can sign in with its password. Needs outgoing mail (TARMAC_SMTP_URL): turning it on without it answers 409. */
                        email_confirmation_required: boolean;
                        /** @description The role of accounts people create themselves and of accounts a sign-in provider creates. */
                        default_role: "member" | "developer";
                        /** @description Whether the sign-in page offers a one-time sign-in link by mail (`POST /api/session/link`); turning it on needs mail (409). */
                        sign_in_link_enabled: boolean;
                        /** @description Whether accounts that sign in with a password must set up two-factor sign-in before they can use anything else. API tokens are not affected. */
                        two_factor_required: boolean;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    getPublicSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings anyone may read, signed in or not. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether a stranger may create their own account (`POST /api/users/register`): true while registration_policy is open or domains. Kept for older clients; setting it sets the policy to open (true) or closed (false) unless the policy is sent too. */
                        registration_enabled: boolean;
                        /** @description Whether the sign-in page offers a one-time sign-in link by mail (`POST /api/session/link`); turning it on needs mail (409). */
                        sign_in_link_enabled: boolean;
                        /** @description Whether this server sends mail: the sign-in page offers "Forgot password?" only then. */
                        mail_enabled: boolean;
                        /** @description Who may create an account: nobody (closed; invitations still work), anyone (open), people whose email is at one of registration_domains (domains), or only people holding an invitation (invitation). */
                        registration_policy: "closed" | "open" | "domains" | "invitation";
                        /** @description The domains that may sign up (only under the domains policy). */
                        registration_domains: string[];
                        /** @description Whether a sign-up gets a confirmation mail instead of a session. */
                        email_confirmation_required: boolean;
                        /** @description Whether people who are not signed in may browse and install public apps (docs/guest-mode.md). */
                        guest_mode: boolean;
                        /** @description The name in the web app and on install pages (TARMAC_SITE_TITLE or the saved setting). */
                        site_title: string;
                        /** @description The language for visitors who have not chosen one. */
                        default_locale: "en" | "zh-CN";
                        /** @description Light, dark, or the device's choice, for visitors. */
                        default_appearance: "light" | "dark" | "auto";
                        /** @description The IANA time zone dates are shown in for visitors. */
                        default_time_zone: string;
                        /** @description Items per page of a list whose request names no per_page (never above max_per_page). */
                        per_page: number;
                        /** @description The largest per_page a list accepts (422 above it). */
                        max_per_page: number;
                    };
                };
            };
        };
    };
    listPublicSignInProviders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the sign-in page offers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description false in SSO-only mode: the sign-in page shows only the providers. */
                        password_sign_in_enabled: boolean;
                        providers: {
                            slug: string;
                            name: string;
                            kind: string;
                            style: "password" | "redirect";
                            start_url: string | null;
                        }[];
                    };
                };
            };
        };
    };
    teardownFile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The file to inspect.
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description The parser's reading of the file; see the appinfo package for every field. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ipa, apk, aab, hap, harmony_app, macos_app, dmg, pkg, exe, windows_app, msix, msi, deb, rpm, appimage, dsym, proguard or mobileprovision. */
                        format: string;
                        /** @description ios, android, harmonyos, macos, windows or linux. */
                        platform: string;
                        bundle_id: string | null;
                        /** @description File size in bytes. */
                        size: number;
                        /** @description What the format holds: signing, permissions, profile, symbols … */
                        details: {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body arrived more slowly than `TARMAC_MIN_UPLOAD_RATE_BYTES` or stopped for `TARMAC_BODY_IDLE_TIMEOUT_SECONDS`. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The file (or the declared `Content-Length`) is over `TARMAC_MAX_UPLOAD_BYTES`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
            /** @description Too many bodies from callers not known yet (`TARMAC_MAX_ANONYMOUS_BODIES`); try again after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getCurrentUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A user account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description User id. */
                        id: number;
                        /** @description Display and sign-in name. */
                        username: string;
                        /** @description Email address, also usable to sign in. */
                        email: string;
                        /**
                         * @description Global role.
                         * @enum {string}
                         */
                        role: "member" | "developer" | "admin";
                        /**
                         * @description Interface language.
                         * @enum {string}
                         */
                        locale: "en" | "zh-CN";
                        /**
                         * @description Colour scheme; auto follows the system.
                         * @enum {string}
                         */
                        appearance: "light" | "dark" | "auto";
                        /** @description IANA time zone used to show dates. */
                        timezone: string;
                        /** @description A locked user can neither sign in nor use tokens; their data stays. */
                        locked: boolean;
                        locked_at: string | null;
                        last_sign_in_at: string | null;
                        /** @description Whether signing in with the password asks for a code from an authenticator app. */
                        two_factor_enabled: boolean;
                        /**
                         * Format: date-time
                         * @description Creation time.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description Last change.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updateCurrentUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 2 to 50 characters, no spaces and no "@". */
                    username?: string;
                    /** @description Email address, unique. */
                    email?: string;
                    /**
                     * @description Interface language.
                     * @enum {string}
                     */
                    locale?: "en" | "zh-CN";
                    /**
                     * @description Colour scheme.
                     * @enum {string}
                     */
                    appearance?: "light" | "dark" | "auto";
                    /** @description IANA time zone, e.g. Asia/Shanghai. */
                    timezone?: string;
                    /** @description A new password; needs current_password. */
                    password?: string;
                    /** @description The current password, to change the password. */
                    current_password?: string;
                };
            };
        };
        responses: {
            /** @description A user account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description User id. */
                        id: number;
                        /** @description Display and sign-in name. */
                        username: string;
                        /** @description Email address, also usable to sign in. */
                        email: string;
                        /**
                         * @description Global role.
                         * @enum {string}
                         */
                        role: "member" | "developer" | "admin";
                        /**
                         * @description Interface language.
                         * @enum {string}
                         */
                        locale: "en" | "zh-CN";
                        /**
                         * @description Colour scheme; auto follows the system.
                         * @enum {string}
                         */
                        appearance: "light" | "dark" | "auto";
                        /** @description IANA time zone used to show dates. */
                        timezone: string;
                        /** @description A locked user can neither sign in nor use tokens; their data stays. */
                        locked: boolean;
                        locked_at: string | null;
                        last_sign_in_at: string | null;
                        /** @description Whether signing in with the password asks for a code from an authenticator app. */
                        two_factor_enabled: boolean;
                        /**
                         * Format: date-time
                         * @description Creation time.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description Last change.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
            /** @description Every error answer. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listIdentities: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's identities. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Identity"][];
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    confirmIdentityLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The link token the external sign-in answered. */
                    link_token: string;
                };
            };
        };
        responses: {
            /** @description One of the caller's identities at a sign-in provider. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        provider: {
                            slug: string;
                            name: string;
                            /** @description ldap, oidc, github, gitlab, google, feishu or gitea. */
                            kind: string;
                        };
                        /** @description The email the provider gave at the last sign-in. */
                        email: string | null;
                        display_name: string | null;
                        /** Format: date-time */
                        created_at: string;
                        last_used_at: string | null;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    linkLdapIdentity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The provider's slug. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The directory username. */
                    login: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description One of the caller's identities at a sign-in provider. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        provider: {
                            slug: string;
                            name: string;
                            /** @description ldap, oidc, github, gitlab, google, feishu or gitea. */
                            kind: string;
                        };
                        /** @description The email the provider gave at the last sign-in. */
                        email: string | null;
                        display_name: string | null;
                        /** Format: date-time */
                        created_at: string;
                        last_used_at: string | null;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
            /** @description Every error answer. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The directory cannot be reached or refused the service account. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    unlinkIdentity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A successful delete. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        message: "OK";
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's tokens. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiToken"][];
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description What the token is for, e.g. "CI". */
                    name: string;
                    /** @description Days until the token expires; never when omitted. */
                    expires_in_days?: number;
                };
            };
        };
        responses: {
            /** @description The new token, with its secret: shown this once. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description What the token is for. */
                        name: string;
                        /** @description The first characters of the secret, to recognise it. */
                        prefix: string;
                        expires_at: string | null;
                        last_used_at: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** @description The secret. Shown only in this answer: copy it now. */
                        token: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    revokeToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A successful delete. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        message: "OK";
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getTwoFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's two-factor sign-in. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether sign-in with a password asks for a code. */
                        enabled: boolean;
                        enabled_at: string | null;
                        /** @description Unused recovery codes (0 while off). */
                        recovery_codes_left: number;
                        /** @description Whether an administrator requires two-factor sign-in of accounts with a password. */
                        required: boolean;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    disableTwoFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Your password. */
                    password: string;
                    /** @description The 6-digit code your authenticator app shows now. */
                    code?: string;
                    /** @description One of your recovery codes, instead of a code. */
                    recovery_code?: string;
                };
            };
        };
        responses: {
            /** @description A successful delete. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        message: "OK";
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
            /** @description Every error answer. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    enableTwoFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The 6-digit code your authenticator app shows now. */
                    code: string;
                };
            };
        };
        responses: {
            /** @description New recovery codes; earlier ones stop working. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Ten codes, each works once; shown only now. */
                        recovery_codes: string[];
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
            /** @description Every error answer. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    regenerateRecoveryCodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Your password. */
                    password: string;
                };
            };
        };
        responses: {
            /** @description New recovery codes; earlier ones stop working. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Ten codes, each works once; shown only now. */
                        recovery_codes: string[];
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
            /** @description Every error answer. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    setUpTwoFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Your password. */
                    password: string;
                };
            };
        };
        responses: {
            /** @description A pending secret: confirm it with POST /api/user/two-factor/enable and a code. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The key (base32) to type into the authenticator app by hand. */
                        secret: string;
                        /** @description The otpauth:// URI the QR code holds. */
                        otpauth_uri: string;
                        /** @description The QR code of otpauth_uri, as SVG markup. */
                        qr_svg: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
            /** @description Every error answer. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listUsers: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page: 1 to the max_per_page setting (100 unless changed; 422 above it). Absent: the per_page setting (25 unless changed). */
                per_page?: number;
                /** @description Part of a username or email, any case. */
                q?: string;
                /** @description Global role; member when omitted. */
                role?: "member" | "developer" | "admin";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of users. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"][];
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 2 to 50 characters, no spaces and no "@". */
                    username: string;
                    /** @description Email address, unique. */
                    email: string;
                    /** @description At least 8 and at most 128 characters. */
                    password: string;
                    /**
                     * @description Global role; member when omitted.
                     * @enum {string}
                     */
                    role?: "member" | "developer" | "admin";
                    /**
                     * @description Interface language.
                     * @enum {string}
                     */
                    locale?: "en" | "zh-CN";
                    /**
                     * @description Colour scheme.
                     * @enum {string}
                     */
                    appearance?: "light" | "dark" | "auto";
                    /** @description IANA time zone, e.g. Asia/Shanghai. */
                    timezone?: string;
                };
            };
        };
        responses: {
            /** @description A user account. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description User id. */
                        id: number;
                        /** @description Display and sign-in name. */
                        username: string;
                        /** @description Email address, also usable to sign in. */
                        email: string;
                        /**
                         * @description Global role.
                         * @enum {string}
                         */
                        role: "member" | "developer" | "admin";
                        /**
                         * @description Interface language.
                         * @enum {string}
                         */
                        locale: "en" | "zh-CN";
                        /**
                         * @description Colour scheme; auto follows the system.
                         * @enum {string}
                         */
                        appearance: "light" | "dark" | "auto";
                        /** @description IANA time zone used to show dates. */
                        timezone: string;
                        /** @description A locked user can neither sign in nor use tokens; their data stays. */
                        locked: boolean;
                        locked_at: string | null;
                        last_sign_in_at: string | null;
                        /** @description Whether signing in with the password asks for a code from an authenticator app. */
                        two_factor_enabled: boolean;
                        /**
                         * Format: date-time
                         * @description Creation time.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description Last change.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    confirmEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The `key` of the mailed link. */
                    key: string;
                };
            };
        };
        responses: {
            /** @description The signed-in user and the CSRF token their writes must send as X-CSRF-Token. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["User"];
                        /** @description Send as the X-CSRF-Token header with every POST, PUT, PATCH and DELETE made with the cookie. */
                        csrf_token: string;
                    };
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    resendEmailConfirmation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Taken; a mail goes out if an unconfirmed account has the address. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
            /** @description Every error answer. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getUsersMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A user account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description User id. */
                        id: number;
                        /** @description Display and sign-in name. */
                        username: string;
                        /** @description Email address, also usable to sign in. */
                        email: string;
                        /**
                         * @description Global role.
                         * @enum {string}
                         */
                        role: "member" | "developer" | "admin";
                        /**
                         * @description Interface language.
                         * @enum {string}
                         */
                        locale: "en" | "zh-CN";
                        /**
                         * @description Colour scheme; auto follows the system.
                         * @enum {string}
                         */
                        appearance: "light" | "dark" | "auto";
                        /** @description IANA time zone used to show dates. */
                        timezone: string;
                        /** @description A locked user can neither sign in nor use tokens; their data stays. */
                        locked: boolean;
                        locked_at: string | null;
                        last_sign_in_at: string | null;
                        /** @description Whether signing in with the password asks for a code from an authenticator app. */
                        two_factor_enabled: boolean;
                        /**
                         * Format: date-time
                         * @description Creation time.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description Last change.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    registerUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 2 to 50 characters, no spaces and no "@". */
                    username: string;
                    /** @description Email address, unique. */
                    email: string;
                    /** @description At least 8 and at most 128 characters. */
                    password: string;
                    /**
                     * @description Interface language.
                     * @enum {string}
                     */
                    locale?: "en" | "zh-CN";
                    /** @description IANA time zone, e.g. Asia/Shanghai. */
                    timezone?: string;
                };
            };
        };
        responses: {
            /** @description Signed up: the session, or {confirmation_sent}. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"] | {
                        /** @description A confirmation mail went out; the account signs in once its link is followed. */
                        confirmation_sent: boolean;
                    };
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    searchUser: {
        parameters: {
            query: {
                /** @description The exact email address, any case. */
                email: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A user account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description User id. */
                        id: number;
                        /** @description Display and sign-in name. */
                        username: string;
                        /** @description Email address, also usable to sign in. */
                        email: string;
                        /**
                         * @description Global role.
                         * @enum {string}
                         */
                        role: "member" | "developer" | "admin";
                        /**
                         * @description Interface language.
                         * @enum {string}
                         */
                        locale: "en" | "zh-CN";
                        /**
                         * @description Colour scheme; auto follows the system.
                         * @enum {string}
                         */
                        appearance: "light" | "dark" | "auto";
                        /** @description IANA time zone used to show dates. */
                        timezone: string;
                        /** @description A locked user can neither sign in nor use tokens; their data stays. */
                        locked: boolean;
                        locked_at: string | null;
                        last_sign_in_at: string | null;
                        /** @description Whether signing in with the password asks for a code from an authenticator app. */
                        two_factor_enabled: boolean;
                        /**
                         * Format: date-time
                         * @description Creation time.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description Last change.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A user account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description User id. */
                        id: number;
                        /** @description Display and sign-in name. */
                        username: string;
                        /** @description Email address, also usable to sign in. */
                        email: string;
                        /**
                         * @description Global role.
                         * @enum {string}
                         */
                        role: "member" | "developer" | "admin";
                        /**
                         * @description Interface language.
                         * @enum {string}
                         */
                        locale: "en" | "zh-CN";
                        /**
                         * @description Colour scheme; auto follows the system.
                         * @enum {string}
                         */
                        appearance: "light" | "dark" | "auto";
                        /** @description IANA time zone used to show dates. */
                        timezone: string;
                        /** @description A locked user can neither sign in nor use tokens; their data stays. */
                        locked: boolean;
                        locked_at: string | null;
                        last_sign_in_at: string | null;
                        /** @description Whether signing in with the password asks for a code from an authenticator app. */
                        two_factor_enabled: boolean;
                        /**
                         * Format: date-time
                         * @description Creation time.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description Last change.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 2 to 50 characters, no spaces and no "@". */
                    username?: string;
                    /** @description Email address, unique. */
                    email?: string;
                    /** @description A new password, set by the administrator (signs the user out everywhere); leave out or empty to keep it. */
                    password?: string;
                    /**
                     * @description Global role; member when omitted.
                     * @enum {string}
                     */
                    role?: "member" | "developer" | "admin";
                    /**
                     * @description Interface language.
                     * @enum {string}
                     */
                    locale?: "en" | "zh-CN";
                    /**
                     * @description Colour scheme.
                     * @enum {string}
                     */
                    appearance?: "light" | "dark" | "auto";
                    /** @description IANA time zone, e.g. Asia/Shanghai. */
                    timezone?: string;
                    /** @description Lock (signs the user out everywhere) or unlock, as POST /lock and DELETE /unlock do; not your own account. */
                    locked?: boolean;
                };
            };
        };
        responses: {
            /** @description A user account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description User id. */
                        id: number;
                        /** @description Display and sign-in name. */
                        username: string;
                        /** @description Email address, also usable to sign in. */
                        email: string;
                        /**
                         * @description Global role.
                         * @enum {string}
                         */
                        role: "member" | "developer" | "admin";
                        /**
                         * @description Interface language.
                         * @enum {string}
                         */
                        locale: "en" | "zh-CN";
                        /**
                         * @description Colour scheme; auto follows the system.
                         * @enum {string}
                         */
                        appearance: "light" | "dark" | "auto";
                        /** @description IANA time zone used to show dates. */
                        timezone: string;
                        /** @description A locked user can neither sign in nor use tokens; their data stays. */
                        locked: boolean;
                        locked_at: string | null;
                        last_sign_in_at: string | null;
                        /** @description Whether signing in with the password asks for a code from an authenticator app. */
                        two_factor_enabled: boolean;
                        /**
                         * Format: date-time
                         * @description Creation time.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description Last change.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A successful delete. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        message: "OK";
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    lockUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A user account. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description User id. */
                        id: number;
                        /** @description Display and sign-in name. */
                        username: string;
                        /** @description Email address, also usable to sign in. */
                        email: string;
                        /**
                         * @description Global role.
                         * @enum {string}
                         */
                        role: "member" | "developer" | "admin";
                        /**
                         * @description Interface language.
                         * @enum {string}
                         */
                        locale: "en" | "zh-CN";
                        /**
                         * @description Colour scheme; auto follows the system.
                         * @enum {string}
                         */
                        appearance: "light" | "dark" | "auto";
                        /** @description IANA time zone used to show dates. */
                        timezone: string;
                        /** @description A locked user can neither sign in nor use tokens; their data stays. */
                        locked: boolean;
                        locked_at: string | null;
                        last_sign_in_at: string | null;
                        /** @description Whether signing in with the password asks for a code from an authenticator app. */
                        two_factor_enabled: boolean;
                        /**
                         * Format: date-time
                         * @description Creation time.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description Last change.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    lockUserPost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A user account. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description User id. */
                        id: number;
                        /** @description Display and sign-in name. */
                        username: string;
                        /** @description Email address, also usable to sign in. */
                        email: string;
                        /**
                         * @description Global role.
                         * @enum {string}
                         */
                        role: "member" | "developer" | "admin";
                        /**
                         * @description Interface language.
                         * @enum {string}
                         */
                        locale: "en" | "zh-CN";
                        /**
                         * @description Colour scheme; auto follows the system.
                         * @enum {string}
                         */
                        appearance: "light" | "dark" | "auto";
                        /** @description IANA time zone used to show dates. */
                        timezone: string;
                        /** @description A locked user can neither sign in nor use tokens; their data stays. */
                        locked: boolean;
                        locked_at: string | null;
                        last_sign_in_at: string | null;
                        /** @description Whether signing in with the password asks for a code from an authenticator app. */
                        two_factor_enabled: boolean;
                        /**
                         * Format: date-time
                         * @description Creation time.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description Last change.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    resetTwoFactor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A user account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description User id. */
                        id: number;
                        /** @description Display and sign-in name. */
                        username: string;
                        /** @description Email address, also usable to sign in. */
                        email: string;
                        /**
                         * @description Global role.
                         * @enum {string}
                         */
                        role: "member" | "developer" | "admin";
                        /**
                         * @description Interface language.
                         * @enum {string}
                         */
                        locale: "en" | "zh-CN";
                        /**
                         * @description Colour scheme; auto follows the system.
                         * @enum {string}
                         */
                        appearance: "light" | "dark" | "auto";
                        /** @description IANA time zone used to show dates. */
                        timezone: string;
                        /** @description A locked user can neither sign in nor use tokens; their data stays. */
                        locked: boolean;
                        locked_at: string | null;
                        last_sign_in_at: string | null;
                        /** @description Whether signing in with the password asks for a code from an authenticator app. */
                        two_factor_enabled: boolean;
                        /**
                         * Format: date-time
                         * @description Creation time.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description Last change.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    unlockUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A user account. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description User id. */
                        id: number;
                        /** @description Display and sign-in name. */
                        username: string;
                        /** @description Email address, also usable to sign in. */
                        email: string;
                        /**
                         * @description Global role.
                         * @enum {string}
                         */
                        role: "member" | "developer" | "admin";
                        /**
                         * @description Interface language.
                         * @enum {string}
                         */
                        locale: "en" | "zh-CN";
                        /**
                         * @description Colour scheme; auto follows the system.
                         * @enum {string}
                         */
                        appearance: "light" | "dark" | "auto";
                        /** @description IANA time zone used to show dates. */
                        timezone: string;
                        /** @description A locked user can neither sign in nor use tokens; their data stays. */
                        locked: boolean;
                        locked_at: string | null;
                        last_sign_in_at: string | null;
                        /** @description Whether signing in with the password asks for a code from an authenticator app. */
                        two_factor_enabled: boolean;
                        /**
                         * Format: date-time
                         * @description Creation time.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description Last change.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getVersion: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The running build. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Tarmac version, e.g. 6.1.0: the Zealot API level it serves. */
                        version: string;
                        /** @description Git commit of the build. */
                        vcs_ref: string;
                        /** @description When the build was made (ISO 8601). */
                        build_date: string;
                    };
                };
            };
        };
    };
    listSharedWebhooks: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page: 1 to the max_per_page setting (100 unless changed; 422 above it). Absent: the per_page setting (25 unless changed). */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The shared hooks, by id. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"][];
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    createSharedWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A label; "" shows the provider's name. */
                    name?: string;
                    /**
                     * @description The service: what body is posted and how its answer is read.
                     * @enum {string}
                     */
                    provider: "slack" | "discord" | "feishu" | "dingtalk" | "wecom" | "teams" | "json";
                    /** @description The service's webhook URL, http(s). Loopback, private and link-local hosts are refused unless TARMAC_WEBHOOK_ALLOW_PRIVATE. */
                    url: string;
                    /** @description Signing secret (Feishu, DingTalk, JSON); "" clears it; omitted on update keeps it. */
                    secret?: string;
                    /** @description DingTalk only; null or "" for none. */
                    keyword?: string | null;
                    /**
                     * @description WeCom only: markdown (default) or news.
                     * @enum {string}
                     */
                    format?: "markdown" | "news";
                    /** @description A Mustache template (docs/webhooks.md lists the variables); null or "" for the preset. A bad one is 422 on template. */
                    template?: string | null;
                    /** @description What it posts on. */
                    events: ("upload" | "download" | "changelog" | "release_deleted" | "debug_file" | "digest")[];
                    /** @description A disabled hook posts nothing (its test button still works); true when omitted. */
                    enabled?: boolean;
                    /** @description Shared hooks: the channels it posts for (on update: replaces the set). */
                    channel_ids: number[];
                };
            };
        };
        responses: {
            /** @description A webhook; its URL and secret are never answered in full. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description A label; "" shows the provider's name. */
                        name: string;
                        /** @enum {string} */
                        provider: "slack" | "discord" | "feishu" | "dingtalk" | "wecom" | "teams" | "json";
                        /** @description The URL with its credential hidden; the full URL is never answered. */
                        url_masked: string;
                        /** @description Whether a signing secret is set (Feishu, DingTalk, JSON); the secret is never answered. */
                        has_secret: boolean;
                        /** @description DingTalk's keyword, added to messages that lack it. */
                        keyword: string | null;
                        /** @description WeCom: markdown or a news card; null for others. */
                        format: ("markdown" | "news") | null;
                        /** @description A Mustache body (DingTalk and WeCom markdown, the JSON provider's body); null: the preset. */
                        template: string | null;
                        events: ("upload" | "download" | "changelog" | "release_deleted" | "debug_file" | "digest")[];
                        enabled: boolean;
                        /** @description A shared hook: global admins manage it and attach it to channels of any app. */
                        shared: boolean;
                        /** @description The channel a channel hook belongs to; null when shared. */
                        channel_id: number | null;
                        channels: {
                            id: number;
                            name: string;
                            scheme_name: string;
                            app_id: number;
                            app_name: string;
                        }[];
                        /** @description Whether the caller may change, test and delete it. */
                        editable: boolean;
                        /** @description The newest delivery; null before the first. */
                        last_delivery: {
                            /** @enum {string} */
                            state: "pending" | "delivered" | "failed";
                            /**
                             * Format: date-time
                             * @description When it finished, or was queued while pending.
                             */
                            at: string;
                            /** @description The HTTP status of its last attempt. */
                            status: number | null;
                        } | null;
                        /**
                         * Format: date-time
                         * @description When it was created.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description When it last changed.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    previewWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The service: what body is posted and how its answer is read.
                     * @enum {string}
                     */
                    provider: "slack" | "discord" | "feishu" | "dingtalk" | "wecom" | "teams" | "json";
                    /** @description A Mustache template (docs/webhooks.md lists the variables); null or "" for the preset. A bad one is 422 on template. */
                    template?: string | null;
                    /**
                     * @description WeCom only: markdown (default) or news.
                     * @enum {string}
                     */
                    format?: "markdown" | "news";
                    /** @description DingTalk only; null or "" for none. */
                    keyword?: string | null;
                    /**
                     * @description The event to render; upload when omitted.
                     * @enum {string}
                     */
                    event?: "upload" | "download" | "changelog" | "release_deleted" | "debug_file" | "digest" | "test";
                    /** @description Render from this channel's newest build (when it has one). */
                    channel_id?: number;
                };
            };
        };
        responses: {
            /** @description What a hook would post. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        method: "POST";
                        content_type: string;
                        /** @description The exact text that would be posted (before a signature is added). */
                        body: string;
                        /**
                         * @description Rendered from the channel's newest build, or the sample build.
                         * @enum {string}
                         */
                        source: "release" | "sample";
                        release_id: number | null;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A webhook; its URL and secret are never answered in full. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description A label; "" shows the provider's name. */
                        name: string;
                        /** @enum {string} */
                        provider: "slack" | "discord" | "feishu" | "dingtalk" | "wecom" | "teams" | "json";
                        /** @description The URL with its credential hidden; the full URL is never answered. */
                        url_masked: string;
                        /** @description Whether a signing secret is set (Feishu, DingTalk, JSON); the secret is never answered. */
                        has_secret: boolean;
                        /** @description DingTalk's keyword, added to messages that lack it. */
                        keyword: string | null;
                        /** @description WeCom: markdown or a news card; null for others. */
                        format: ("markdown" | "news") | null;
                        /** @description A Mustache body (DingTalk and WeCom markdown, the JSON provider's body); null: the preset. */
                        template: string | null;
                        events: ("upload" | "download" | "changelog" | "release_deleted" | "debug_file" | "digest")[];
                        enabled: boolean;
                        /** @description A shared hook: global admins manage it and attach it to channels of any app. */
                        shared: boolean;
                        /** @description The channel a channel hook belongs to; null when shared. */
                        channel_id: number | null;
                        channels: {
                            id: number;
                            name: string;
                            scheme_name: string;
                            app_id: number;
                            app_name: string;
                        }[];
                        /** @description Whether the caller may change, test and delete it. */
                        editable: boolean;
                        /** @description The newest delivery; null before the first. */
                        last_delivery: {
                            /** @enum {string} */
                            state: "pending" | "delivered" | "failed";
                            /**
                             * Format: date-time
                             * @description When it finished, or was queued while pending.
                             */
                            at: string;
                            /** @description The HTTP status of its last attempt. */
                            status: number | null;
                        } | null;
                        /**
                         * Format: date-time
                         * @description When it was created.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description When it last changed.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A label; "" shows the provider's name. */
                    name?: string;
                    /**
                     * @description The service: what body is posted and how its answer is read.
                     * @enum {string}
                     */
                    provider?: "slack" | "discord" | "feishu" | "dingtalk" | "wecom" | "teams" | "json";
                    /** @description The service's webhook URL, http(s). Loopback, private and link-local hosts are refused unless TARMAC_WEBHOOK_ALLOW_PRIVATE. */
                    url?: string;
                    /** @description Signing secret (Feishu, DingTalk, JSON); "" clears it; omitted on update keeps it. */
                    secret?: string;
                    /** @description DingTalk only; null or "" for none. */
                    keyword?: string | null;
                    /**
                     * @description WeCom only: markdown (default) or news.
                     * @enum {string}
                     */
                    format?: "markdown" | "news";
                    /** @description A Mustache template (docs/webhooks.md lists the variables); null or "" for the preset. A bad one is 422 on template. */
                    template?: string | null;
                    /** @description What it posts on. */
                    events?: ("upload" | "download" | "changelog" | "release_deleted" | "debug_file" | "digest")[];
                    /** @description A disabled hook posts nothing (its test button still works); true when omitted. */
                    enabled?: boolean;
                    /** @description Shared hooks: the channels it posts for (on update: replaces the set). */
                    channel_ids?: number[];
                };
            };
        };
        responses: {
            /** @description A webhook; its URL and secret are never answered in full. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description A label; "" shows the provider's name. */
                        name: string;
                        /** @enum {string} */
                        provider: "slack" | "discord" | "feishu" | "dingtalk" | "wecom" | "teams" | "json";
                        /** @description The URL with its credential hidden; the full URL is never answered. */
                        url_masked: string;
                        /** @description Whether a signing secret is set (Feishu, DingTalk, JSON); the secret is never answered. */
                        has_secret: boolean;
                        /** @description DingTalk's keyword, added to messages that lack it. */
                        keyword: string | null;
                        /** @description WeCom: markdown or a news card; null for others. */
                        format: ("markdown" | "news") | null;
                        /** @description A Mustache body (DingTalk and WeCom markdown, the JSON provider's body); null: the preset. */
                        template: string | null;
                        events: ("upload" | "download" | "changelog" | "release_deleted" | "debug_file" | "digest")[];
                        enabled: boolean;
                        /** @description A shared hook: global admins manage it and attach it to channels of any app. */
                        shared: boolean;
                        /** @description The channel a channel hook belongs to; null when shared. */
                        channel_id: number | null;
                        channels: {
                            id: number;
                            name: string;
                            scheme_name: string;
                            app_id: number;
                            app_name: string;
                        }[];
                        /** @description Whether the caller may change, test and delete it. */
                        editable: boolean;
                        /** @description The newest delivery; null before the first. */
                        last_delivery: {
                            /** @enum {string} */
                            state: "pending" | "delivered" | "failed";
                            /**
                             * Format: date-time
                             * @description When it finished, or was queued while pending.
                             */
                            at: string;
                            /** @description The HTTP status of its last attempt. */
                            status: number | null;
                        } | null;
                        /**
                         * Format: date-time
                         * @description When it was created.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description When it last changed.
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A successful delete. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        message: "OK";
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page: 1 to the max_per_page setting (100 unless changed; 422 above it). Absent: the per_page setting (25 unless changed). */
                per_page?: number;
            };
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Its deliveries, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"][];
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
    redeliverWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook id. */
                id: number;
                /** @description Delivery id (a UUID). */
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One message to one hook and its attempts. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description A UUID, sent as X-Tarmac-Delivery on every attempt. */
                        id: string;
                        /** @enum {string} */
                        event: "upload" | "download" | "changelog" | "release_deleted" | "debug_file" | "digest" | "test";
                        /** @enum {string} */
                        state: "pending" | "delivered" | "failed";
                        release_id: number | null;
                        channel_id: number | null;
                        title: string;
                        /**
                         * Format: date-time
                         * @description When it was queued.
                         */
                        created_at: string;
                        finished_at: string | null;
                        next_attempt_at: string | null;
                        attempts: {
                            /** @description 1 for the first post. */
                            number: number;
                            /**
                             * Format: date-time
                             * @description When it was sent.
                             */
                            at: string;
                            duration_ms: number;
                            /** @description The answer's HTTP status; null when none came. */
                            status: number | null;
                            ok: boolean;
                            /** @description Why it failed: "HTTP 500", "timeout: …", "DingTalk errcode 310000: …"; null on success. */
                            error: string | null;
                            /** @description The first 2 KiB of the answer. */
                            response_excerpt: string;
                        }[];
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One message to one hook and its attempts. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description A UUID, sent as X-Tarmac-Delivery on every attempt. */
                        id: string;
                        /** @enum {string} */
                        event: "upload" | "download" | "changelog" | "release_deleted" | "debug_file" | "digest" | "test";
                        /** @enum {string} */
                        state: "pending" | "delivered" | "failed";
                        release_id: number | null;
                        channel_id: number | null;
                        title: string;
                        /**
                         * Format: date-time
                         * @description When it was queued.
                         */
                        created_at: string;
                        finished_at: string | null;
                        next_attempt_at: string | null;
                        attempts: {
                            /** @description 1 for the first post. */
                            number: number;
                            /**
                             * Format: date-time
                             * @description When it was sent.
                             */
                            at: string;
                            duration_ms: number;
                            /** @description The answer's HTTP status; null when none came. */
                            status: number | null;
                            ok: boolean;
                            /** @description Why it failed: "HTTP 500", "timeout: …", "DingTalk errcode 310000: …"; null on success. */
                            error: string | null;
                            /** @description The first 2 KiB of the answer. */
                            response_excerpt: string;
                        }[];
                    };
                };
            };
            /** @description Every error answer. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Every error answer. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The input broke one or more rules (HTTP 422). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorResponse"];
                };
            };
        };
    };
}
