// The rules for channels: collaborator admins create, change, re-key and delete them; every
// collaborator reads them, and only developers and admins see their keys. Slugs are unique
// ignoring case and random when not given; keys are 128 random bits; passwords are stored
// hashed. An archived app's channels cannot be changed (its keys can still be regenerated:
// a leaked key is a security matter). Deleting a channel removes its releases' stored files
// once the rows are gone.
import type { Actor, AppAction } from '../../auth/policy.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { isoFromNow } from '../../clock.ts';
import type { Clock } from '../../clock.ts';
import type { ChannelsTable } from '../../db/types.ts';
import { ConflictError, fieldIssue, NotFoundError, RECORD_NOT_FOUND, ValidationError } from '../../errors.ts';
import type { FieldErrors } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import type { AppsRepository } from '../apps/repository.ts';
import { assertOnApp, canReadKeys, toMembership } from '../collaborators/fns.ts';
import type { CollaboratorsRepository } from '../collaborators/repository.ts';
import type { Page } from '../../shared/page.ts';
import type { SchemesRepository } from '../schemes/repository.ts';
import { addError, checkBundleId, checkGitUrl, checkName, checkSlug, generateChannelKey, randomSlug } from './fns.ts';
import type { ChannelWithContextRow, ChannelsRepository } from './repository.ts';
import type { ChannelDetail, ChannelView, CreateChannelInput, ListChannelsInput, NewChannelFields, UpdateChannelInput } from './types.ts';
import { removeStoredFiles } from '../../storage/remove.ts';

/** The sentence every change to an archived app's content answers, with 409. */
export function archivedMessage(app: { id: number; name: string }): string {
  return `App "${app.name}" is archived and cannot be changed; unarchive it first (DELETE /api/apps/${app.id}/archive)`;
}

/** The refusal to change an archived app (409, code app.archived). */
export function archivedError(app: { id: number; name: string }): ConflictError {
  return new ConflictError(archivedMessage(app), 'app.archived', { app: app.name });
}

/** What deleting something with releases reports: stored files that could not be removed. */
export interface DeleteOutcome {
  leftoverKeys: string[];
}

/** A new channel checked and ready to insert, but for its slug (when random), key and scheme. */
export interface PreparedChannel {
  /** Where errors about its slug go, e.g. "slug" or "schemes.0.channels.1.slug". */
  slugField: string;
  customSlug: string | undefined;
  password: string | undefined;
  values: Pick<ChannelsTable, 'name' | 'device_type' | 'bundle_id' | 'download_filename_type'> & { git_url: string | null; password_hash: string | null };
}

const SLUG_ATTEMPTS = 5;
const SLUG_TAKEN = 'has already been taken';
const DAY_MS = 86_400_000;

/**
 * Slugs another app's channel gave up (deleted or renamed) less than `slugGraceDays` ago stay
 * reserved for that app: old links, QR codes and install links must not start serving another
 * team's builds. The app that held a slug may take it back at once.
 */
interface SlugDeps<K extends keyof ChannelsRepository> {
  channelsRepository: Pick<ChannelsRepository, K>;
  slugGraceDays: number;
  /** The grace period is counted back from this clock's now. */
  clock: Clock;
}

export function createSlugGuard({ channelsRepository, slugGraceDays, clock }: SlugDeps<'heldSlugs'>) {
  return {
    /** 422 on each field whose slug is held for another app (`appId` null: a new app, held for any). */
    async assertNotHeld(wanted: { slug: string; field: string }[], appId: number | null): Promise<void> {
      if (slugGraceDays === 0 || wanted.length === 0) return;
      const held = await channelsRepository.heldSlugs(
        wanted.map((w) => w.slug),
        appId,
        isoFromNow(clock, -slugGraceDays * DAY_MS),
      );
      if (held.length === 0) return;
      const errors: FieldErrors = {};
      for (const { slug, field } of wanted) {
        const hold = held.find((h) => h.slug === slug.toLowerCase());
        if (!hold) continue;
        const freeOn = new Date(Date.parse(hold.retired_at) + slugGraceDays * DAY_MS).toISOString().slice(0, 10);
        const message = `was used recently by a channel that is gone, and links to it may still be around: choose another slug (it is free again on ${freeOn})`;
        addError(errors, field, fieldIssue('slug_recently_used', message, { date: freeOn }));
      }
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    },
  };
}

/**
 * Checks and writes new channels: used here and by the apps service, which creates an app
 * with its first schemes and channels in one transaction.
 */
export function createChannelWriter({ channelsRepository, slugGraceDays, clock }: SlugDeps<'takenSlugs' | 'heldSlugs'>) {
  const guard = createSlugGuard({ channelsRepository, slugGraceDays, clock });

  /** Checks the fields; problems go into `errors` under `prefix` + field name. */
  function prepare(fields: NewChannelFields, prefix: string, errors: FieldErrors): PreparedChannel | undefined {
    const before = Object.keys(errors).length;
    const name = checkName(fields.name, `${prefix}name`, errors);
    const customSlug = fields.slug === undefined || fields.slug === '' ? undefined : checkSlug(fields.slug, `${prefix}slug`, errors);
    const bundleId = fields.bundleId === undefined ? '*' : checkBundleId(fields.bundleId, `${prefix}bundle_id`, errors);
    const gitUrl = fields.gitUrl === undefined || fields.gitUrl === null ? null : checkGitUrl(fields.gitUrl, `${prefix}git_url`, errors);
    if (Object.keys(errors).length > before || name === undefined || bundleId === undefined || gitUrl === undefined) return undefined;
    return {
      slugField: `${prefix}slug`,
      customSlug,
      password: fields.password === '' ? undefined : fields.password,
      values: {
        name,
        device_type: fields.deviceType,
        bundle_id: bundleId,
        git_url: gitUrl,
        password_hash: null,
        download_filename_type: fields.downloadFilenameType ?? 'version_datetime',
      },
    };
  }

  /**
   * 422 when a chosen slug is in use, chosen twice in one request, or held for another app
   * than `appId` (null: the channels of a new app).
   */
  async function assertSlugsFree(prepared: PreparedChannel[], appId: number | null): Promise<void> {
    await assertSlugsUnused(prepared);
    const custom = prepared.filter((p) => p.customSlug !== undefined);
    await guard.assertNotHeld(
      custom.map((p) => ({ slug: p.customSlug!, field: p.slugField })),
      appId,
    );
  }

  /** 422 when a chosen slug is in use, or chosen twice in one request. */
  async function assertSlugsUnused(prepared: PreparedChannel[]): Promise<void> {
    const custom = prepared.filter((p) => p.customSlug !== undefined);
    const taken = new Set(await channelsRepository.takenSlugs(custom.map((p) => p.customSlug!)));
    const errors: FieldErrors = {};
    const seen = new Set<string>();
    for (const p of custom) {
      const lower = p.customSlug!.toLowerCase();
      if (taken.has(lower) || seen.has(lower)) addError(errors, p.slugField, fieldIssue('taken', SLUG_TAKEN));
      seen.add(lower);
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  }

  /** Hashes the passwords; slow, so done after the checks and before any transaction. */
  async function hashPasswords(prepared: PreparedChannel[]): Promise<void> {
    for (const p of prepared) if (p.password !== undefined) p.values.password_hash = await hashPassword(p.password);
  }

  /** Slugs for every channel: the chosen one, or a random one free in the database and in this request. */
  async function pickSlugs(prepared: PreparedChannel[]): Promise<string[]> {
    const used = new Set(prepared.flatMap((p) => (p.customSlug === undefined ? [] : [p.customSlug.toLowerCase()])));
    const slugs = prepared.map((p) => p.customSlug);
    for (let round = 0; slugs.includes(undefined); round++) {
      if (round >= 10) throw new Error('could not find a free random channel slug');
      const fresh: string[] = [];
      slugs.forEach((slug, i) => {
        if (slug !== undefined) return;
        let candidate = randomSlug();
        while (used.has(candidate)) candidate = randomSlug();
        used.add(candidate);
        slugs[i] = candidate;
        fresh.push(candidate);
      });
      const taken = new Set(await channelsRepository.takenSlugs(fresh));
      slugs.forEach((slug, i) => {
        if (slug !== undefined && prepared[i]!.customSlug === undefined && taken.has(slug)) slugs[i] = undefined;
      });
    }
    return slugs as string[];
  }

  /**
   * Runs `write` with a slug and a fresh key for each prepared channel, in order. When the
   * write fails because another request took a slug meanwhile, a chosen slug answers 422 and
   * random ones are drawn again.
   */
  async function write<T>(prepared: PreparedChannel[], run: (slugs: string[], keys: string[]) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const slugs = await pickSlugs(prepared);
      try {
        return await run(
          slugs,
          prepared.map(() => generateChannelKey()),
        );
      } catch (error) {
        await assertSlugsUnused(prepared);
        const randomSlugs = slugs.filter((_, i) => prepared[i]!.customSlug === undefined);
        const collided = (await channelsRepository.takenSlugs(randomSlugs)).length > 0;
        if (!collided || attempt >= SLUG_ATTEMPTS) throw error;
      }
    }
  }

  return { prepare, assertSlugsFree, hashPasswords, write };
}

export type ChannelWriter = ReturnType<typeof createChannelWriter>;

interface Deps {
  channelsRepository: ChannelsRepository;
  schemesRepository: Pick<SchemesRepository, 'findWithApp'>;
  collaboratorsRepository: Pick<CollaboratorsRepository, 'findMembership'>;
  appsRepository: Pick<AppsRepository, 'transaction'>;
  storage: Pick<Storage, 'delete'>;
  /** TARMAC_SLUG_GRACE_DAYS: how long a gone channel's slug stays held for its app. */
  slugGraceDays: number;
  /** The time written into rows (app.ts gives every service the same one). */
  clock: Clock;
}

export function createChannelsService({
  channelsRepository, schemesRepository, collaboratorsRepository, appsRepository, storage, slugGraceDays, clock,
}: Deps) {
  const writer = createChannelWriter({ channelsRepository, slugGraceDays, clock });
  const guard = createSlugGuard({ channelsRepository, slugGraceDays, clock });

  /** The channel, after the caller's right to `action` on its app is checked (404 for outsiders). */
  async function access(actor: Actor, id: number, action: AppAction): Promise<{ row: ChannelWithContextRow; withKey: boolean }> {
    const row = await channelsRepository.findWithContext(id);
    if (!row) throw new NotFoundError(RECORD_NOT_FOUND, 'channel.not_found');
    const membership = toMembership(await collaboratorsRepository.findMembership(row.app_id, actor.userId));
    assertOnApp(actor, membership, action);
    return { row, withKey: canReadKeys(actor, membership) };
  }

  function assertNotArchived(row: ChannelWithContextRow): void {
    if (row.app_archived) throw archivedError({ id: row.app_id, name: row.app_name });
  }

  function detail(row: ChannelWithContextRow, withKey: boolean): ChannelDetail {
    const { scheme_name: schemeName, app_id: appId, app_name: appName, app_archived: archived, ...fields } = row;
    return {
      channel: fields,
      withKey,
      scheme: { id: row.scheme_id, name: schemeName },
      app: { id: appId, name: appName, archived: Boolean(archived) },
    };
  }

  async function reload(id: number): Promise<ChannelWithContextRow> {
    const row = await channelsRepository.findWithContext(id);
    if (!row) throw new NotFoundError(RECORD_NOT_FOUND, 'channel.not_found');
    return row;
  }

  return {
    async list(input: ListChannelsInput): Promise<Page<ChannelView>> {
      const scheme = await schemesRepository.findWithApp(input.schemeId);
      if (!scheme) throw new NotFoundError(RECORD_NOT_FOUND, 'scheme.not_found');
      const membership = toMembership(await collaboratorsRepository.findMembership(scheme.app_id, input.actor.userId));
      assertOnApp(input.actor, membership, 'app:read');
      const withKey = canReadKeys(input.actor, membership);
      const [rows, total] = await Promise.all([
        channelsRepository.listForScheme(scheme.id, input.perPage, (input.page - 1) * input.perPage),
        channelsRepository.countForScheme(scheme.id),
      ]);
      return { items: rows.map((channel) => ({ channel, withKey })), total, page: input.page, perPage: input.perPage };
    },

    async create(input: CreateChannelInput): Promise<ChannelDetail> {
      const scheme = await schemesRepository.findWithApp(input.schemeId);
      if (!scheme) throw new NotFoundError(RECORD_NOT_FOUND, 'scheme.not_found');
      const membership = toMembership(await collaboratorsRepository.findMembership(scheme.app_id, input.actor.userId));
      assertOnApp(input.actor, membership, 'channel:manage');
      if (scheme.app_archived) throw archivedError({ id: scheme.app_id, name: scheme.app_name });
      const errors: FieldErrors = {};
      const prepared = writer.prepare(input, '', errors);
      if (!prepared) throw new ValidationError(errors);
      await writer.assertSlugsFree([prepared], scheme.app_id);
      await writer.hashPasswords([prepared]);
      const timestamp = clock.now();
      const inserted = await writer.write([prepared], ([slug], [key]) =>
        channelsRepository.insert({
          ...prepared.values, scheme_id: scheme.id, slug: slug!, key: key!, created_at: timestamp, updated_at: timestamp,
        }),
      );
      const row = await reload(inserted.id);
      return detail(row, canReadKeys(input.actor, membership));
    },

    async get(actor: Actor, id: number): Promise<ChannelDetail> {
      const { row, withKey } = await access(actor, id, 'app:read');
      return detail(row, withKey);
    },

    async update(input: UpdateChannelInput): Promise<ChannelDetail> {
      const { row, withKey } = await access(input.actor, input.id, 'channel:manage');
      assertNotArchived(row);
      const errors: FieldErrors = {};
      const name = input.name === undefined ? undefined : checkName(input.name, 'name', errors);
      const slug = input.slug === undefined ? undefined : checkSlug(input.slug, 'slug', errors);
      const bundleId = input.bundleId === undefined ? undefined : checkBundleId(input.bundleId, 'bundle_id', errors);
      const gitUrl = input.gitUrl === undefined ? undefined : input.gitUrl === null ? null : checkGitUrl(input.gitUrl, 'git_url', errors);
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      const slugTaken = async () => slug !== undefined && (await channelsRepository.takenSlugs([slug], row.id)).length > 0;
      if (await slugTaken()) throw new ValidationError({ slug: [fieldIssue('taken', SLUG_TAKEN)] });
      const renamed = slug !== undefined && slug.toLowerCase() !== row.slug.toLowerCase();
      if (renamed) await guard.assertNotHeld([{ slug, field: 'slug' }], row.app_id);
      // Empty clears the password; absent keeps it.
      const passwordHash = input.password === undefined ? undefined : input.password === '' ? null : await hashPassword(input.password);
      try {
        const timestamp = clock.now();
        await appsRepository.transaction(async (trx) => {
          // The old slug stays held for this app: its links must not reach another team's channel.
          if (renamed) await channelsRepository.retireSlugs([row.id], timestamp, trx);
          await channelsRepository.update(
            row.id,
            {
              name,
              slug,
              bundle_id: bundleId,
              git_url: gitUrl,
              device_type: input.deviceType,
              download_filename_type: input.downloadFilenameType,
              password_hash: passwordHash,
              updated_at: timestamp,
            },
            trx,
          );
        });
      } catch (error) {
        // Another request took the slug since the check; the unique index decided.
        if (await slugTaken()) throw new ValidationError({ slug: [fieldIssue('taken', SLUG_TAKEN)] });
        throw error;
      }
      return detail(await reload(row.id), withKey);
    },

    async regenerateKey(actor: Actor, id: number): Promise<ChannelDetail> {
      const { row, withKey } = await access(actor, id, 'channel:manage');
      await channelsRepository.update(row.id, { key: generateChannelKey(), updated_at: clock.now() });
      return detail(await reload(row.id), withKey);
    },

    async delete(actor: Actor, id: number): Promise<DeleteOutcome> {
      const { row } = await access(actor, id, 'channel:manage');
      assertNotArchived(row);
      const keys = await appsRepository.transaction(async (trx) => {
        const ids = await channelsRepository.lockForDelete({ channelId: row.id }, trx);
        if (ids.length === 0) throw new NotFoundError(RECORD_NOT_FOUND, 'channel.not_found');
        const fileKeys = await channelsRepository.releaseFileKeys(ids, trx);
        await channelsRepository.retireSlugs(ids, clock.now(), trx);
        await channelsRepository.delete(row.id, trx);
        return fileKeys;
      });
      return { leftoverKeys: await removeStoredFiles(storage, keys) };
    },
  };
}

export type ChannelsService = ReturnType<typeof createChannelsService>;
