// The shapes the web app reads from /api (see /api/openapi.json; field names are the API's).
export type UserRole = 'member' | 'developer' | 'admin';
export type Locale = 'en' | 'zh-CN';
export type Appearance = 'light' | 'dark' | 'auto';

export interface User {
  id: number;
  username: string;
  email: string;
  role: UserRole;
  locale: Locale;
  appearance: Appearance;
  timezone: string;
  locked: boolean;
  locked_at: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface Session {
  user: User;
  csrf_token: string;
}
