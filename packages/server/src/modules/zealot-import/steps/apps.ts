// Zealot's apps (archived where the install has the column: 6.x), their collaborators (apps_users)
// and schemes. An app is always a new Tarmac app (names are not unique, so nothing is merged by
// name). Collaborators: from 5.3 apps_users has role and owner; a 4.x install has neither, so
// (as Zealot's own upgrade does) the app's first collaborator is its owner, as admin, and the
// others get the role Tarmac's add-collaborator form starts with, member (reported once).
import type { Executor, ImportContext, ImportStep } from '../context.ts';
import type { ZealotRow, ZealotValue } from '../source/types.ts';
import { RETAINED_BUILDS_MAX } from '../../schemes/types.ts';
import { displayName, flag, integer, text, timestamp, zealotRole } from './fns.ts';
import { eachRow, insertId, notes, orphan, record, settle, zealotMaxId } from './rows.ts';
import type { RowResult } from './rows.ts';

async function importApp(ctx: ImportContext, row: ZealotRow, id: string, zealotMax: number): Promise<RowResult> {
  const name = displayName(row.name);
  if (name.value === null) return settle(ctx, 'apps', id, { outcome: 'refused', reason: name.note });
  const appName = name.value;
  const created = timestamp(row.created_at) ?? ctx.now();
  return ctx.transaction(async (trx) => {
    const appId = await insertId(ctx, trx, 'apps', Number(id), zealotMax);
    const app = await trx.insertInto('apps').values({
      ...(appId === undefined ? {} : { id: appId }),
      name: appName, archived: flag(row.archived, false), created_at: created, updated_at: timestamp(row.updated_at) ?? created,
    }).returning('id').executeTakeFirstOrThrow();
    const remapped = app.id !== Number(id) ? `id ${id} is another Tarmac app's: it gets a new id (old links with the id are sent there)` : undefined;
    const description = (text(row.description) ?? '').trim() !== '' ? 'its description was dropped (a Tarmac app has none)' : undefined;
    return record(ctx, trx, 'apps', id, app.id, { outcome: 'imported', reason: notes(remapped, description) });
  });
}

export const appsStep: ImportStep = {
  tables: ['apps'],
  async run(ctx) {
    const max = await zealotMaxId(ctx, 'apps');
    await eachRow(ctx, 'apps', (row, id) => importApp(ctx, row, id, max));
  },
};

async function hasOwner(trx: Executor, appId: number): Promise<boolean> {
  return (await trx.selectFrom('collaborators').select('id').where('app_id', '=', appId).where('owner', '=', true).executeTakeFirst()) !== undefined;
}

/** The role and owner flag of a collaborator in Tarmac, from what this install's apps_users holds. */
async function membership(trx: Executor, row: ZealotRow, appId: number, withRoles: boolean): Promise<RowResult & { role: 'member' | 'developer' | 'admin'; owner: boolean }> {
  if (!withRoles) {
    const owner = !(await hasOwner(trx, appId));
    return { outcome: 'imported', role: owner ? 'admin' : 'member', owner };
  }
  const role = zealotRole(row.role);
  let owner = flag(row.owner, false);
  let reason = role.note;
  if (owner && (await hasOwner(trx, appId))) {
    owner = false;
    reason = notes(reason, 'the app has an owner already: imported as a collaborator');
  }
  // Tarmac's rule: an owner is an admin of the app.
  if (owner && role.value !== 'admin') reason = notes(reason, `the owner had role ${role.value}: imported as admin`);
  return { outcome: 'imported', role: owner ? 'admin' : role.value, owner, reason };
}

async function importCollaborator(ctx: ImportContext, row: ZealotRow, id: string, withRoles: boolean): Promise<RowResult> {
  const appId = await ctx.map.target('apps', integer(row.app_id));
  if (appId === null) return orphan(ctx, 'apps_users', id, 'app', 'apps', integer(row.app_id));
  const userId = await ctx.map.target('users', integer(row.user_id));
  if (userId === null) return orphan(ctx, 'apps_users', id, 'user', 'users', integer(row.user_id));
  return ctx.transaction(async (trx) => {
    const existing = await trx.selectFrom('collaborators').select(['id', 'role']).where('app_id', '=', appId).where('user_id', '=', userId)
      .executeTakeFirst();
    if (existing) {
      // Two Zealot users merged into one Tarmac account: the first membership stays.
      const reason = `the Tarmac user is already a collaborator of app ${appId} (as ${existing.role}): kept as it is`;
      return record(ctx, trx, 'apps_users', id, existing.id, { outcome: 'merged', reason });
    }
    const decided = await membership(trx, row, appId, withRoles);
    const stamp = ctx.now();
    const inserted = await trx.insertInto('collaborators').values({
      app_id: appId, user_id: userId, role: decided.role, owner: decided.owner, created_at: stamp, updated_at: stamp,
    }).returning('id').executeTakeFirstOrThrow();
    return record(ctx, trx, 'apps_users', id, inserted.id, { outcome: 'imported', reason: decided.reason });
  });
}

/** Apps the import brought that have no owner (Zealot had none for them, or the owner was refused): said once. */
async function warnOwnerless(ctx: ImportContext): Promise<void> {
  const ownerless = await ctx.db.selectFrom('zealot_import_map as m')
    .select('m.target_id')
    .where('m.source_table', '=', 'apps').where('m.outcome', '=', 'imported')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('collaborators as c').select('c.id')
      .whereRef('c.app_id', '=', 'm.target_id').where('c.owner', '=', true))))
    .orderBy('m.target_id').limit(50).execute();
  if (ownerless.length === 0) return;
  ctx.report.warn(`Imported apps without an owner (Zealot named none, or the owner was not imported): ${ownerless.map((a) => a.target_id).join(', ')}; `
    + 'an administrator can make a collaborator the owner.');
}

export const collaboratorsStep: ImportStep = {
  tables: ['apps_users'],
  async run(ctx) {
    const columns = new Set((await ctx.source.columns('apps_users')).map((column) => column.name));
    const withRoles = columns.has('role') && columns.has('owner');
    if (!withRoles && (await ctx.source.count('apps_users')) > 0) {
      ctx.report.warn('This Zealot keeps no collaborator roles (4.x): each app\'s first collaborator became its owner (admin), '
        + 'the others members; raise their roles in Tarmac where they need more.');
    }
    await eachRow(ctx, 'apps_users', (row, id) => importCollaborator(ctx, row, id, withRoles));
    await warnOwnerless(ctx);
  },
};

function retainedBuilds(value: ZealotValue | undefined): { value: number; note?: string } {
  if (value === null || value === undefined) return { value: 0 };
  const n = integer(value);
  if (n !== null && n >= 0 && n <= RETAINED_BUILDS_MAX) return { value: n };
  return { value: 0, note: `retained builds ${JSON.stringify(value)} is not 0 to ${RETAINED_BUILDS_MAX}: 0 (keep all)` };
}

async function importScheme(ctx: ImportContext, row: ZealotRow, id: string, zealotMax: number): Promise<RowResult> {
  const appId = await ctx.map.target('apps', integer(row.app_id));
  if (appId === null) return orphan(ctx, 'schemes', id, 'app', 'apps', integer(row.app_id));
  const name = displayName(row.name);
  if (name.value === null) return settle(ctx, 'schemes', id, { outcome: 'refused', reason: name.note });
  const schemeName = name.value;
  const retained = retainedBuilds(row.retained_builds);
  const stamp = ctx.now();
  return ctx.transaction(async (trx) => {
    const schemeId = await insertId(ctx, trx, 'schemes', Number(id), zealotMax);
    const scheme = await trx.insertInto('schemes').values({
      ...(schemeId === undefined ? {} : { id: schemeId }),
      app_id: appId, name: schemeName, new_build_callout: flag(row.new_build_callout, true), retained_builds: retained.value,
      created_at: stamp, updated_at: stamp,
    }).returning('id').executeTakeFirstOrThrow();
    return record(ctx, trx, 'schemes', id, scheme.id, { outcome: 'imported', reason: retained.note });
  });
}

export const schemesStep: ImportStep = {
  tables: ['schemes'],
  async run(ctx) {
    const max = await zealotMaxId(ctx, 'schemes');
    await eachRow(ctx, 'schemes', (row, id) => importScheme(ctx, row, id, max));
  },
};
