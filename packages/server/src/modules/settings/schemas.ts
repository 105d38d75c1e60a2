import { Type } from 'typebox';

const registrationEnabled = Type.Boolean({
  description:
    'Whether a stranger may create their own account (`POST /api/users/register`): true while registration_policy is open or ' +
    'domains. Kept for older clients; setting it sets the policy to open (true) or closed (false) unless the policy is sent too.',
});

const registrationPolicy = Type.Union(
  [Type.Literal('closed'), Type.Literal('open'), Type.Literal('domains'), Type.Literal('invitation')],
  {
    description:
      'Who may create an account: nobody (closed; invitations still work), anyone (open), people whose email is at one of ' +
      'registration_domains (domains), or only people holding an invitation (invitation).',
  },
);

/** A domain name: labels of letters, digits and inner hyphens, dot-separated, at least two labels. */
export const DOMAIN_PATTERN = '^(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9-]{2,63}\\.?$';

const registrationDomains = Type.Array(
  Type.String({ maxLength: 254, pattern: DOMAIN_PATTERN, description: 'An email domain such as example.com.' }),
  {
    maxItems: 100,
    description:
      'Email domains whose addresses may sign up under the domains policy, stored lower-case. The part after "@" must equal ' +
      'one of them exactly: sub-domains are not included (list dev.example.com beside example.com to admit both).',
  },
);

const emailConfirmationRequired = Type.Boolean({
  description:
    'Whether a local sign-up must follow a mailed link before it can sign in with its password. Needs outgoing mail ' +
    '(TARMAC_SMTP_URL): turning it on without it answers 409.',
});

const defaultRole = Type.Union([Type.Literal('member'), Type.Literal('developer')], {
  description: 'The role of accounts people create themselves and of accounts a sign-in provider creates.',
});

const signInLinkEnabled = Type.Boolean({
  description: 'Whether the sign-in page offers a one-time sign-in link by mail (`POST /api/session/link`); turning it on needs mail (409).',
});

const twoFactorRequired = Type.Boolean({
  description:
    'Whether accounts that sign in with a password must set up two-factor sign-in before they can use anything else. API tokens are not affected.',
});

export const SettingsResponse = Type.Object(
  {
    registration_enabled: registrationEnabled,
    registration_policy: registrationPolicy,
    registration_domains: registrationDomains,
    email_confirmation_required: emailConfirmationRequired,
    default_role: defaultRole,
    sign_in_link_enabled: signInLinkEnabled,
    two_factor_required: twoFactorRequired,
  },
  { $id: 'Settings', description: 'Instance-wide settings.' },
);

export const PublicSettingsResponse = Type.Object(
  {
    registration_enabled: registrationEnabled,
    sign_in_link_enabled: signInLinkEnabled,
    mail_enabled: Type.Boolean({ description: 'Whether this server sends mail: the sign-in page offers "Forgot password?" only then.' }),
    registration_policy: registrationPolicy,
    registration_domains: Type.Array(Type.String(), { description: 'The domains that may sign up (only under the domains policy).' }),
    email_confirmation_required: Type.Boolean({ description: 'Whether a sign-up gets a confirmation mail instead of a session.' }),
    guest_mode: Type.Boolean({ description: 'Whether people who are not signed in may browse and install public apps (docs/guest-mode.md).' }),
    site_title: Type.String({ description: 'The name in the web app and on install pages (TARMAC_SITE_TITLE or the saved setting).' }),
    default_locale: Type.Union([Type.Literal('en'), Type.Literal('zh-CN')], { description: 'The language for visitors who have not chosen one.' }),
    default_appearance: Type.Union([Type.Literal('light'), Type.Literal('dark'), Type.Literal('auto')], {
      description: 'Light, dark, or the device\'s choice, for visitors.',
    }),
    default_time_zone: Type.String({ description: 'The IANA time zone dates are shown in for visitors.' }),
    per_page: Type.Integer({ description: 'Items per page of a list whose request names no per_page (never above max_per_page).' }),
    max_per_page: Type.Integer({ description: 'The largest per_page a list accepts (422 above it).' }),
  },
  { $id: 'PublicSettings', description: 'The settings anyone may read, signed in or not.' },
);

export const UpdateSettingsBody = Type.Object(
  {
    registration_enabled: Type.Optional(registrationEnabled),
    registration_policy: Type.Optional(registrationPolicy),
    registration_domains: Type.Optional(registrationDomains),
    email_confirmation_required: Type.Optional(emailConfirmationRequired),
    default_role: Type.Optional(defaultRole),
    sign_in_link_enabled: Type.Optional(signInLinkEnabled),
    two_factor_required: Type.Optional(twoFactorRequired),
  },
  { additionalProperties: false, description: 'Only the settings to change.' },
);
