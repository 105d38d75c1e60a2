export interface ApiToken {
  id: number;
  name: string;
  /** The first characters of the secret, to tell tokens apart. */
  prefix: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
}

/** Returned once, on creation: the only time the secret exists outside the client. */
export interface CreatedApiToken extends ApiToken {
  token: string;
}
