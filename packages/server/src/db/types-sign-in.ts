// The tables of signing in beyond a session: one-time account tokens, sign-in providers and the
// identities accounts have at them, invitations, and two-factor recovery codes.
import type { Generated } from 'kysely';
import type { Flag, Timestamp } from './column-types.ts';

export interface AccountTokensTable {
  id: Generated<number>;
  /** What the token is for (auth/account-tokens.ts `AccountTokenPurpose`). */
  purpose: string;
  /** SHA-256 of the secret, hex; the secret itself is never stored. */
  token_hash: string;
  user_id: number | null;
  email: string | null;
  /** JSON text the purpose gives meaning to, or null. */
  data: string | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface AuthProvidersTable {
  id: Generated<number>;
  slug: string;
  kind: string;
  name: string;
  enabled: Flag;
  allow_sign_up: Flag;
  /** The kind's settings, JSON text. */
  settings: string;
  /** The kind's secret (bind password, client secret), sealed; null when it has none. */
  secret: string | null;
  source: 'ui' | 'env';
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  provider_id: number;
  /** The provider's stable id for the person (OIDC `sub`, LDAP uid, GitHub's numeric id). */
  subject: string;
  email: string | null;
  display_name: string | null;
  /** Whether this identity's first sign-in created the account. */
  created_account: Flag;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

export interface InvitationsTable {
  id: Generated<number>;
  email: string;
  /** The role of the account the invitation creates. */
  role: 'member' | 'developer' | 'admin';
  /** JSON text: [{app_id, role}], the app memberships accepting brings. */
  memberships: string;
  invited_by: number | null;
  /** SHA-256 of the key in the mailed link, hex. */
  key_hash: string;
  locale: 'en' | 'zh-CN';
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  accepted_user_id: number | null;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

export interface UserRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the normalised code, hex. */
  code_hash: string;
  used_at: Timestamp | null;
  created_at: Timestamp;
}
