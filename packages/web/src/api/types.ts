// The shapes the web app reads from /api, as the server's document names them (schema.d.ts).
import type { Schemas } from './client.ts';

export type User = Schemas['User'];
export type UserRole = User['role'];
export type Locale = User['locale'];
export type Appearance = User['appearance'];
export type Session = Schemas['Session'];
