import { Type } from 'typebox';
import { DateTime } from '../../http/schemas.ts';
import { PASSWORD_MAX } from '../users/fns.ts';
import { CODE_MAX } from './fns.ts';

const password = Type.String({ maxLength: PASSWORD_MAX, description: 'Your password.' });
const code = Type.String({ maxLength: CODE_MAX, description: 'The 6-digit code your authenticator app shows now.' });
const recoveryCode = Type.String({ maxLength: CODE_MAX, description: 'One of your recovery codes, instead of a code.' });

export const TwoFactorStatusResponse = Type.Object(
  {
    enabled: Type.Boolean({ description: 'Whether sign-in with a password asks for a code.' }),
    enabled_at: Type.Union([DateTime('When it was turned on.'), Type.Null()]),
    recovery_codes_left: Type.Integer({ description: 'Unused recovery codes (0 while off).' }),
    required: Type.Boolean({ description: 'Whether an administrator requires two-factor sign-in of accounts with a password.' }),
  },
  { $id: 'TwoFactorStatus', description: "The caller's two-factor sign-in." },
);

export const TwoFactorSetupResponse = Type.Object(
  {
    secret: Type.String({ description: 'The key (base32) to type into the authenticator app by hand.' }),
    otpauth_uri: Type.String({ description: 'The otpauth:// URI the QR code holds.' }),
    qr_svg: Type.String({ description: 'The QR code of otpauth_uri, as SVG markup.' }),
  },
  { $id: 'TwoFactorSetup', description: 'A pending secret: confirm it with POST /api/user/two-factor/enable and a code.' },
);

export const RecoveryCodesResponse = Type.Object(
  {
    recovery_codes: Type.Array(Type.String(), { description: 'Ten codes, each works once; shown only now.' }),
  },
  { $id: 'RecoveryCodes', description: 'New recovery codes; earlier ones stop working.' },
);

export const PasswordBody = Type.Object({ password }, { additionalProperties: false });
export const EnableBody = Type.Object({ code }, { additionalProperties: false });
export const DisableBody = Type.Object(
  { password, code: Type.Optional(code), recovery_code: Type.Optional(recoveryCode) },
  { additionalProperties: false },
);
