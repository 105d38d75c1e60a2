import { Type } from 'typebox';

const registrationEnabled = Type.Boolean({
  description: 'Whether people may create their own account (`POST /api/users/register`); new accounts get the member role.',
});

const defaultRole = Type.Union([Type.Literal('member'), Type.Literal('developer')], {
  description: 'The role of accounts people create themselves and of accounts a sign-in provider creates.',
});

const twoFactorRequired = Type.Boolean({
  description:
    'Whether accounts that sign in with a password must set up two-factor sign-in before they can use anything else. API tokens are not affected.',
});

export const SettingsResponse = Type.Object(
  { registration_enabled: registrationEnabled, default_role: defaultRole, two_factor_required: twoFactorRequired },
  { $id: 'Settings', description: 'Instance-wide settings.' },
);

export const PublicSettingsResponse = Type.Object(
  { registration_enabled: registrationEnabled },
  { $id: 'PublicSettings', description: 'The settings anyone may read, signed in or not.' },
);

export const UpdateSettingsBody = Type.Object(
  {
    registration_enabled: Type.Optional(registrationEnabled),
    default_role: Type.Optional(defaultRole),
    two_factor_required: Type.Optional(twoFactorRequired),
  },
  { additionalProperties: false, description: 'Only the settings to change.' },
);
