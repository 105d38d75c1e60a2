import { Type } from 'typebox';
import { StringEnum } from '../../http/schemas.ts';
import { SETTING_GROUPS } from './registry.ts';

const SettingView = Type.Object(
  {
    key: Type.String({ description: 'The setting, e.g. site_title.' }),
    group: StringEnum(SETTING_GROUPS, { description: 'The card it shows in.' }),
    value: Type.Unknown({ description: 'The value in force now.' }),
    default: Type.Unknown({ description: 'The value when nothing is saved and no environment variable holds it.' }),
    source: Type.Union([Type.Literal('default'), Type.Literal('environment'), Type.Literal('saved')], {
      description: 'Where the value comes from: the default, an environment variable (which wins), or a saved change.',
    }),
    editable: Type.Boolean({ description: 'False when an environment variable holds it, or when another screen changes it.' }),
    env_var: Type.Union([Type.String(), Type.Null()], { description: 'The environment variable that may hold it.' }),
    public: Type.Boolean({ description: 'Whether anyone may read it, signed in or not.' }),
    hints: Type.Object(
      {
        type: Type.String({ description: 'boolean, integer, number, string, array or unknown.' }),
        choices: Type.Optional(Type.Array(Type.String())),
        minimum: Type.Optional(Type.Number()),
        maximum: Type.Optional(Type.Number()),
        min_length: Type.Optional(Type.Integer()),
        max_length: Type.Optional(Type.Integer()),
        max_items: Type.Optional(Type.Integer()),
      },
      { description: 'What the value may be, for the form.' },
    ),
  },
  { description: 'One setting.' },
);

export const AdminSettingsResponse = Type.Object(
  { settings: Type.Array(SettingView) },
  { $id: 'AdminSettings', description: 'Every setting, in a stable order.' },
);

export const UpdateAdminSettingsBody = Type.Record(Type.String({ pattern: '^[a-z][a-z0-9_]{0,63}$' }), Type.Unknown(), {
  description: 'The settings to change, by key: `{"site_title": "Builds"}`.',
});

export const SettingKeyParams = Type.Object({ key: Type.String({ maxLength: 64, description: 'The setting, e.g. site_title.' }) });

export const CheckUrlResponse = Type.Object(
  {
    url: Type.String({ description: 'The address fetched: the public URL with /api/version.' }),
    configured: Type.Boolean({ description: 'Whether TARMAC_URL is set (otherwise the address of this request was checked).' }),
    reachable: Type.Boolean({ description: 'Whether an HTTP answer came.' }),
    status: Type.Union([Type.Integer(), Type.Null()], { description: 'Its status code.' }),
    https: Type.Boolean({ description: 'Whether the URL is https (iOS installs need it).' }),
    certificate_trusted: Type.Union([Type.Boolean(), Type.Null()], { description: 'Whether this server trusted the certificate; null without TLS.' }),
    is_tarmac: Type.Boolean({ description: 'Whether the answer was a Tarmac /api/version.' }),
    ios_install_problem: Type.Union([Type.Literal('http'), Type.Literal('loopback'), Type.Null()], {
      description: 'Why iOS over-the-air installs cannot work from this URL, or null.',
    }),
    error: Type.Union([Type.String(), Type.Null()], { description: 'What went wrong, when it did.' }),
  },
  { $id: 'PublicUrlCheck', description: 'What this server saw when it fetched its own public URL.' },
);
