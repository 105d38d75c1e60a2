// Table types for Kysely. Timestamps are ISO-8601 strings on both engines (the PostgreSQL
// driver is told to return timestamptz as text, see src/db/index.ts). Booleans come back as
// 0/1 from SQLite and true/false from PostgreSQL, so repositories read them with Boolean().
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export type Timestamp = ColumnType<string, string, string>;
export type Flag = ColumnType<boolean | number, boolean, boolean>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  role: 'member' | 'developer' | 'admin';
  locale: 'en' | 'zh-CN';
  appearance: 'light' | 'dark' | 'auto';
  timezone: string;
  locked: Flag;
  locked_at: Timestamp | null;
  last_sign_in_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** SHA-256 of the secret, hex; the secret itself is never stored. */
  token_hash: string;
  /** The first characters of the secret, shown in lists so a user can tell tokens apart. */
  token_prefix: string;
  expires_at: Timestamp | null;
  last_used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface SessionsTable {
  /** SHA-256 of the cookie value, hex. */
  id: string;
  user_id: number;
  csrf_token: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface SettingsTable {
  key: string;
  /** JSON text. */
  value: string;
  updated_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  api_tokens: ApiTokensTable;
  sessions: SessionsTable;
  settings: SettingsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ApiTokenRow = Selectable<ApiTokensTable>;
export type SessionRow = Selectable<SessionsTable>;
