// What a sign-in provider found out about the person signing in, in one shape for every kind:
// the LDAP entry, the OpenID Connect ID token and userinfo, or an OAuth preset's user API.
export interface ExternalProfile {
  /** The provider's stable id for the person: LDAP uid (or DN), OIDC `sub`, GitHub's numeric id. Never the email. */
  subject: string;
  /** A username to start from when an account is created (preferred_username, login, uid). */
  username?: string | undefined;
  email?: string | undefined;
  /** Whether the provider vouches for the email (OIDC `email_verified`, GitHub's verified primary email, the directory). */
  emailVerified: boolean;
  name?: string | undefined;
  /**
   * The role the provider's group mapping gives, when the provider maps groups to roles at all
   * (an admin group is set): 'admin' for a member of it, otherwise the default. Undefined: the
   * provider says nothing about roles, and Tarmac's own role stands.
   */
  role?: 'admin' | 'default' | undefined;
}

/** How the external sign-in ended. */
export type ExternalSignInResult<S> =
  | { status: 'signed-in'; signedIn: S; created: boolean }
  /** The identity was added to the account signed in on this browser (linking from settings). */
  | { status: 'linked'; userId: number }
  /**
   * An account already has the provider's verified email: the person must sign in to it and
   * confirm (POST /api/me/identities/confirm with this token) before the identity is linked.
   */
  | { status: 'link-required'; linkToken: string; email: string; expiresAt: string };
