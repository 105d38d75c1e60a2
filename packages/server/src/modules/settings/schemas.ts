import { Type } from 'typebox';

const registrationEnabled = Type.Boolean({
  description: 'Whether people may create their own account (`POST /api/users/register`); new accounts get the member role.',
});

const defaultRole = Type.Union([Type.Literal('member'), Type.Literal('developer')], {
  description: 'The role of accounts people create themselves and of accounts a sign-in provider creates.',
});

const signInLinkEnabled = Type.Boolean({
  description: 'Whether the sign-in page offers a one-time sign-in link by mail (`POST /api/session/link`); turning it on needs mail (409).',
});

export const SettingsResponse = Type.Object(
  { registration_enabled: registrationEnabled, default_role: defaultRole, sign_in_link_enabled: signInLinkEnabled },
  { $id: 'Settings', description: 'Instance-wide settings.' },
);

export const PublicSettingsResponse = Type.Object(
  {
    registration_enabled: registrationEnabled,
    sign_in_link_enabled: signInLinkEnabled,
    mail_enabled: Type.Boolean({ description: 'Whether this server sends mail: the sign-in page offers "Forgot password?" only then.' }),
  },
  { $id: 'PublicSettings', description: 'The settings anyone may read, signed in or not.' },
);

export const UpdateSettingsBody = Type.Object(
  {
    registration_enabled: Type.Optional(registrationEnabled),
    default_role: Type.Optional(defaultRole),
    sign_in_link_enabled: Type.Optional(signInLinkEnabled),
  },
  { additionalProperties: false, description: 'Only the settings to change.' },
);
