// Zealot's channels → Tarmac's, with THE SAME key (compiled into shipped apps' SDKs and CI jobs)
// and slug (shared links, QR codes). A key Tarmac already has is refused: keeping it would send
// old SDKs and uploads to another channel. A slug Tarmac already has (any case) gets a fresh one,
// reported old → new: old links to it then open the Tarmac channel that holds it. The password,
// plain in Zealot, is hashed with the function the channels service uses.
import { hashPassword } from '../../../auth/passwords.ts';
import type { Engine } from '../../../db/index.ts';
import { generateChannelKey, randomSlug } from '../../channels/fns.ts';
import { createChannelsRepository } from '../../channels/repository.ts';
import type { Executor, ImportContext, ImportStep } from '../context.ts';
import type { ZealotRow } from '../source/types.ts';
import {
  bundleIdRule, channelKey, channelPassword, channelSlug, deviceType, displayName, downloadFilenameType, gitUrl, integer, text,
} from './fns.ts';
import { eachRow, insertId, notes, orphan, record, settle, zealotMaxId } from './rows.ts';
import type { RowResult } from './rows.ts';

/** As the channels service decides it: another channel has the slug in any case. */
async function slugTaken(trx: Executor, engine: Engine, slug: string): Promise<boolean> {
  return (await createChannelsRepository(trx, engine).takenSlugs([slug], undefined, trx)).length > 0;
}

/** Zealot's slug when it is Tarmac-valid and free, else a fresh random one, with the note saying why. */
async function chooseSlug(
  trx: Executor,
  engine: Engine,
  row: ZealotRow,
  dryRun: boolean,
): Promise<{ slug: string; note?: string | undefined }> {
  const wanted = channelSlug(row.slug);
  let why = wanted.note;
  if (wanted.value !== null) {
    if (!(await slugTaken(trx, engine, wanted.value))) return { slug: wanted.value };
    why = `slug "${wanted.value}" is another Tarmac channel's`;
  }
  for (let round = 0; round < 20; round++) {
    const fresh = randomSlug();
    if (!(await slugTaken(trx, engine, fresh))) {
      // A dry run names no slug: the real run draws its own.
      const now = dryRun ? ' gets a fresh random slug' : `'s slug is now "${fresh}"`;
      return { slug: fresh, note: `${why}: the channel${now} (old links and QR codes to the old slug do not reach it)` };
    }
  }
  throw new Error('could not find a free random channel slug');
}

interface Checked {
  values: {
    name: string; device_type: NonNullable<ReturnType<typeof deviceType>>; key: string; bundle_id: string; git_url: string | null;
    download_filename_type: 'version_datetime' | 'original_filename';
  };
  password: string | null;
  notes: (string | undefined)[];
}

/** The channel's fields as Tarmac takes them, or why it cannot be imported. */
function check(row: ZealotRow): Checked | { refused: string } {
  const name = displayName(row.name);
  if (name.value === null) return { refused: name.note ?? 'name is not valid' };
  const type = deviceType(row.device_type);
  if (type === null) return { refused: `device type "${(text(row.device_type) ?? '').slice(0, 40)}" is not one Tarmac knows` };
  // A channel Zealot holds without a usable key is kept (with its builds) under a new one.
  const zealotKey = channelKey(row.key);
  const key = zealotKey ?? generateChannelKey();
  const keyNote = zealotKey === null ? 'its key was missing or not 1 to 64 printable characters: it has a new key (see the channel page)' : undefined;
  const bundle = bundleIdRule(row.bundle_id);
  const git = gitUrl(row.git_url);
  const filename = downloadFilenameType(row.download_filename_type);
  const password = channelPassword(row.password);
  return {
    values: {
      name: name.value, device_type: type, key, bundle_id: bundle.value, git_url: git.value, download_filename_type: filename.value,
    },
    password: password.value,
    notes: [keyNote, bundle.note, git.note, filename.note, password.note],
  };
}

async function importChannel(ctx: ImportContext, row: ZealotRow, id: string, zealotMax: number): Promise<RowResult> {
  const schemeId = await ctx.map.target('schemes', integer(row.scheme_id));
  if (schemeId === null) return orphan(ctx, 'channels', id, 'scheme', 'schemes', integer(row.scheme_id));
  const checked = check(row);
  if ('refused' in checked) return settle(ctx, 'channels', id, { outcome: 'refused', reason: checked.refused });
  // Slow (scrypt): before the transaction.
  const passwordHash = checked.password === null ? null : await hashPassword(checked.password);
  const stamp = ctx.now();
  return ctx.transaction(async (trx) => {
    const holder = await trx.selectFrom('channels').select('id').where('key', '=', checked.values.key).executeTakeFirst();
    if (holder) {
      const reason = `its key is already Tarmac channel ${holder.id}'s: refused (SDKs and uploads with that key keep reaching that channel)`;
      return record(ctx, trx, 'channels', id, null, { outcome: 'refused', reason });
    }
    const { slug, note: slugNote } = await chooseSlug(trx, ctx.engine, row, ctx.options.dryRun);
    const channelId = await insertId(ctx, trx, 'channels', Number(id), zealotMax);
    const channel = await trx.insertInto('channels').values({
      ...(channelId === undefined ? {} : { id: channelId }),
      scheme_id: schemeId, ...checked.values, slug, password_hash: passwordHash, created_at: stamp, updated_at: stamp,
    }).returning('id').executeTakeFirstOrThrow();
    const remapped = channel.id !== Number(id) ? `id ${id} is another Tarmac channel's: it gets a new id (old links with the id are sent there)` : undefined;
    return record(ctx, trx, 'channels', id, channel.id, { outcome: 'imported', reason: notes(slugNote, remapped, ...checked.notes) });
  });
}

export const channelsStep: ImportStep = {
  tables: ['channels'],
  async run(ctx) {
    const max = await zealotMaxId(ctx, 'channels');
    await eachRow(ctx, 'channels', (row, id) => importChannel(ctx, row, id, max));
  },
};
