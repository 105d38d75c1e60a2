// Zealot's users → Tarmac's, each with their API token. The Devise password hash is stored as is
// (sign-in accepts it once and rehashes it); the token, plain in Zealot, is stored as Tarmac stores
// its own (SHA-256 and a prefix), named "Zealot token", so CI jobs keep working and nobody can read
// it afterwards. A user whose email Tarmac already has is merged into that account (nothing of it
// changes but an added token); a username taken by another email gets `-zealot`, `-zealot2`…
import { UNUSABLE_PASSWORD_HASH } from '../../../auth/passwords.ts';
import { sha256Hex, tokenPrefix } from '../../../auth/secrets.ts';
import type { Engine } from '../../../db/index.ts';
import { createUsersRepository } from '../../users/repository.ts';
import type { Executor, ImportContext, ImportStep } from '../context.ts';
import type { ZealotRow } from '../source/types.ts';
import {
  baseUsername, checkEmail, deviseHash, mapAppearance, mapLocale, mapTimezone, timestamp, usernameCandidate, zealotRole, zealotToken,
} from './fns.ts';
import type { Mapped } from './fns.ts';
import { eachRow, insertId, notes, record, settle, zealotMaxId } from './rows.ts';
import type { RowResult } from './rows.ts';

export const ZEALOT_TOKEN_NAME = 'Zealot token';
const USERNAME_ATTEMPTS = 50;

/** Adds the Zealot token to a Tarmac user unless its hash is stored already; a note when it is not added. */
async function addToken(ctx: ImportContext, trx: Executor, userId: number, token: Mapped<string | null>): Promise<string | undefined> {
  if (token.value === null) return token.note;
  const hash = sha256Hex(token.value);
  const stored = await trx.selectFrom('api_tokens').select('user_id').where('token_hash', '=', hash).executeTakeFirst();
  if (stored) return stored.user_id === userId ? undefined : 'its Zealot API token is already another Tarmac user\'s token: not added';
  await trx.insertInto('api_tokens').values({
    user_id: userId, name: ZEALOT_TOKEN_NAME, token_hash: hash, token_prefix: tokenPrefix(token.value), expires_at: null,
    last_used_at: null, created_at: ctx.now(),
  }).execute();
  return undefined;
}

async function freeUsername(trx: Executor, engine: Engine, base: string): Promise<string | null> {
  for (let attempt = 0; attempt < USERNAME_ATTEMPTS; attempt++) {
    const candidate = usernameCandidate(base, attempt);
    if (!(await createUsersRepository(trx, engine).findByUsername(candidate, trx))) return candidate;
  }
  return null;
}

async function insertUser(
  ctx: ImportContext,
  trx: Executor,
  row: ZealotRow,
  id: string,
  email: string,
  zealotMax: number,
): Promise<RowResult> {
  const base = baseUsername(row.username, email);
  if (base.value === null) return record(ctx, trx, 'users', id, null, { outcome: 'refused', reason: base.note });
  const username = await freeUsername(trx, ctx.engine, base.value);
  if (username === null) return record(ctx, trx, 'users', id, null, { outcome: 'refused', reason: `username "${base.value}" and its -zealot forms are taken` });
  const renamed = username !== base.value ? `username "${base.value}" belongs to another Tarmac user: imported as "${username}"` : undefined;
  const role = zealotRole(row.role);
  const locale = mapLocale(row.locale, ctx.options.defaultLocale ?? 'en');
  const appearance = mapAppearance(row.appearance);
  const timezone = mapTimezone(row.timezone);
  const hash = deviseHash(row.encrypted_password);
  const lockedAt = timestamp(row.locked_at);
  const created = timestamp(row.created_at) ?? ctx.now();
  const userId = await insertId(ctx, trx, 'users', Number(id), zealotMax);
  const inserted = await trx.insertInto('users').values({
    ...(userId === undefined ? {} : { id: userId }),
    username, email, password_hash: hash ?? UNUSABLE_PASSWORD_HASH, role: role.value, locale: locale.value,
    appearance: appearance.value, timezone: timezone.value, locked: lockedAt !== null, locked_at: lockedAt,
    // Devise's current_sign_in_at is the latest sign-in; last_sign_in_at the one before.
    last_sign_in_at: timestamp(row.current_sign_in_at) ?? timestamp(row.last_sign_in_at),
    created_at: created, updated_at: timestamp(row.updated_at) ?? created, email_confirmed_at: created,
  }).returning('id').executeTakeFirstOrThrow();
  const tokenNote = await addToken(ctx, trx, inserted.id, zealotToken(row.token));
  const noPassword = hash === null ? 'has no password Tarmac can check (not a bcrypt hash): an administrator must set one' : undefined;
  const reason = notes(base.note, renamed, role.note, locale.note, appearance.note, timezone.note, noPassword, tokenNote);
  return record(ctx, trx, 'users', id, inserted.id, { outcome: 'imported', reason });
}

async function importUser(ctx: ImportContext, row: ZealotRow, id: string, zealotMax: number): Promise<RowResult> {
  const email = checkEmail(row.email);
  if (email.value === null) return settle(ctx, 'users', id, { outcome: 'refused', reason: email.note ?? 'email is not valid' });
  const address = email.value;
  return ctx.transaction(async (trx) => {
    // Any case, as Tarmac's own sign-in and unique index compare emails.
    const existing = await createUsersRepository(trx, ctx.engine).findByEmail(address, trx);
    if (!existing) return insertUser(ctx, trx, row, id, address, zealotMax);
    const tokenNote = await addToken(ctx, trx, existing.id, zealotToken(row.token));
    const zealotRoleValue = zealotRole(row.role).value;
    const roleNote = zealotRoleValue !== existing.role ? `Zealot gave them role ${zealotRoleValue}; the account keeps ${existing.role}` : undefined;
    const reason = notes(`email matches Tarmac user "${existing.username}": merged into that account, which is kept as it is`, roleNote, tokenNote);
    return record(ctx, trx, 'users', id, existing.id, { outcome: 'merged', reason });
  });
}

export const usersStep: ImportStep = {
  tables: ['users'],
  async run(ctx) {
    const max = await zealotMaxId(ctx, 'users');
    await eachRow(ctx, 'users', (row, id) => importUser(ctx, row, id, max));
  },
};
