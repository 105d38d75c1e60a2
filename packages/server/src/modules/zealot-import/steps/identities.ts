// Zealot's sign-ins through other providers (user_providers: OmniAuth's provider name and uid) →
// Tarmac's linked identities, so a team that signed in to Zealot with LDAP, OpenID Connect or a
// preset keeps doing so: the person's next sign-in finds their account without asking them to
// confirm a link (the import is the administrator's decision). Zealot's provider access and
// refresh tokens are never copied.
//
// A row needs Tarmac's provider of the same kind, configured before the import (admin → Sign-in):
// with none, or with several of that kind, the row is refused without a map entry, so the import
// run again after the provider is added brings it. The uid must be what Tarmac's provider calls the
// person: OmniAuth's LDAP uid is the entry's DN, Tarmac's the username attribute, so a DN whose
// first part is that attribute becomes its value; GitHub, GitLab and Gitea use the numeric user id
// in both; Google the OpenID `sub`; Zealot's OpenID Connect uid is its OIDC_UID_FIELD claim
// (preferred_username unless set), which Tarmac's provider must name as its uid claim.
import type { AuthProviderRow } from '../../../db/types.ts';
import type { ProviderKind } from '../../sign-in-providers/kinds.ts';
import type { ImportContext, ImportStep } from '../context.ts';
import type { ZealotRow } from '../source/types.ts';
import { integer, text, timestamp } from './fns.ts';
import { eachRow, orphan, record, settle } from './rows.ts';
import type { RowResult } from './rows.ts';

const TABLE = 'user_providers';

/** OmniAuth's strategy names in Zealot → Tarmac's provider kinds. */
export const ZEALOT_PROVIDER_KINDS: Record<string, ProviderKind> = {
  ldap: 'ldap',
  openid_connect: 'oidc',
  github: 'github',
  gitlab: 'gitlab',
  google_oauth2: 'google',
  feishu: 'feishu',
  gitea: 'gitea',
};

/** An LDAP DN's first part when it names the username attribute (`uid=alice,ou=people,…` → `alice`), else the uid as is. */
export function ldapSubject(uid: string, usernameAttribute: string): string {
  const first = /^\s*([A-Za-z][\w-]*)\s*=\s*((?:[^,\\]|\\.)+?)\s*(?:,|$)/.exec(uid);
  if (!first || first[1]!.toLowerCase() !== usernameAttribute.toLowerCase()) return uid;
  return first[2]!.replace(/\\([0-9a-fA-F]{2}|.)/g, (_, escaped: string) =>
    escaped.length === 2 ? String.fromCharCode(parseInt(escaped, 16)) : escaped);
}

function subjectFor(provider: AuthProviderRow, uid: string): string {
  if (provider.kind !== 'ldap') return uid;
  const settings = JSON.parse(provider.settings) as { username_attribute?: string };
  return ldapSubject(uid, settings.username_attribute ?? 'uid');
}

async function importIdentity(ctx: ImportContext, providers: AuthProviderRow[], row: ZealotRow, id: string): Promise<RowResult> {
  const name = text(row.name) ?? '';
  const kind = ZEALOT_PROVIDER_KINDS[name];
  const printable = /^[\w-]{1,32}$/.test(name) ? name : 'an unknown provider';
  if (!kind) return settle(ctx, TABLE, id, { outcome: 'skipped', reason: `a sign-in through ${printable}: Tarmac has no such provider kind` });
  const uid = text(row.uid)?.trim() ?? '';
  if (uid === '' || uid.length > 255) return settle(ctx, TABLE, id, { outcome: 'refused', reason: 'its uid is empty or longer than 255 characters' });
  const zealotUser = integer(row.user_id);
  const userId = await ctx.map.target('users', zealotUser);
  if (userId === null) return orphan(ctx, TABLE, id, 'user', 'users', zealotUser);
  const candidates = providers.filter((provider) => provider.kind === kind);
  if (candidates.length !== 1) {
    // No map entry: the next run, after the provider is set up, brings it.
    const why = candidates.length === 0 ? `no ${kind} sign-in provider is set up in Tarmac` : `Tarmac has ${candidates.length} ${kind} providers`;
    return { outcome: 'refused', reason: `${why}: add exactly one (admin → Sign-in) and run the import again to keep this sign-in` };
  }
  const provider = candidates[0]!;
  const subject = subjectFor(provider, uid);
  return ctx.transaction(async (trx) => {
    const stored = await trx.selectFrom('user_identities').select(['id', 'user_id'])
      .where('provider_id', '=', provider.id).where('subject', '=', subject).executeTakeFirst();
    if (stored) {
      const same = stored.user_id === userId;
      const result: RowResult = same
        ? { outcome: 'merged', reason: `the account already signs in with ${provider.name}` }
        : { outcome: 'refused', reason: `another Tarmac account signs in with this ${provider.name} identity: kept there` };
      return record(ctx, trx, TABLE, id, same ? stored.id : null, result);
    }
    const created = timestamp(row.created_at) ?? ctx.now();
    const identity = await trx.insertInto('user_identities').values({
      user_id: userId, provider_id: provider.id, subject, email: null, display_name: null, created_account: false,
      created_at: created, last_used_at: timestamp(row.updated_at) ?? created,
    }).returning('id').executeTakeFirstOrThrow();
    return record(ctx, trx, TABLE, id, identity.id, { outcome: 'imported', reason: `signs in with ${provider.name} (${provider.slug})` });
  });
}

export const identitiesStep: ImportStep = {
  tables: [TABLE],
  async run(ctx) {
    if ((await ctx.source.columns(TABLE)).length === 0) return;
    const providers = await ctx.db.selectFrom('auth_providers').selectAll().orderBy('id').execute();
    await eachRow(ctx, TABLE, (row, id) => importIdentity(ctx, providers, row, id));
    if (providers.some((provider) => provider.kind === 'oidc')) {
      ctx.report.warn(`${TABLE}: Zealot keyed OpenID Connect sign-ins by its OIDC_UID_FIELD claim (preferred_username unless set): `
        + 'Tarmac\'s OpenID Connect provider must use the same claim as its uid claim for them to match');
    }
  },
};
