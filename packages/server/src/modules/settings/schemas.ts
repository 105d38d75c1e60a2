import { Type } from 'typebox';

const registrationEnabled = Type.Boolean({
  description: 'Whether people may create their own account (`POST /api/users/register`); new accounts get the member role.',
});

export const SettingsResponse = Type.Object({ registration_enabled: registrationEnabled }, { $id: 'Settings', description: 'Instance-wide settings.' });

export const PublicSettingsResponse = Type.Object(
  { registration_enabled: registrationEnabled },
  { $id: 'PublicSettings', description: 'The settings anyone may read, signed in or not.' },
);

export const UpdateSettingsBody = Type.Object(
  { registration_enabled: Type.Optional(registrationEnabled) },
  { additionalProperties: false, description: 'Only the settings to change.' },
);
