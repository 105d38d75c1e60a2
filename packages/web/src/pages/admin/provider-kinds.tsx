// What the admin screen knows of each kind of sign-in provider: its icon, its settings fields
// (in the order the form shows them) and the settings a new provider starts from.
import { IconAddressBook, IconBrandGithub, IconBrandGitlab, IconBrandGoogle, IconGitBranch, IconId, IconMessageCircle } from '@tabler/icons-react';
import type { ComponentType } from 'react';

export const KINDS = ['ldap', 'oidc', 'github', 'gitlab', 'google', 'feishu', 'gitea'] as const;
export type Kind = (typeof KINDS)[number];

export const KIND_ICONS: Record<Kind, ComponentType<{ size?: number }>> = {
  ldap: IconAddressBook, oidc: IconId, github: IconBrandGithub, gitlab: IconBrandGitlab, google: IconBrandGoogle,
  feishu: IconMessageCircle, gitea: IconGitBranch,
};

export type FieldType = 'text' | 'switch' | 'pem' | 'list';
export interface FieldSpec {
  name: string;
  type: FieldType;
  required?: boolean;
  placeholder?: string;
}

const LDAP_FIELDS: FieldSpec[] = [
  { name: 'url', type: 'text', required: true, placeholder: 'ldaps://ldap.example.com:636' },
  { name: 'start_tls', type: 'switch' },
  { name: 'ca_certificate', type: 'pem', placeholder: '-----BEGIN CERTIFICATE-----' },
  { name: 'bind_dn', type: 'text', placeholder: 'cn=reader,dc=example,dc=com' },
  { name: 'base_dn', type: 'text', required: true, placeholder: 'ou=people,dc=example,dc=com' },
  { name: 'user_filter', type: 'text', required: true, placeholder: '(uid={username})' },
  { name: 'username_attribute', type: 'text', required: true },
  { name: 'email_attribute', type: 'text', required: true },
  { name: 'name_attribute', type: 'text' },
  { name: 'group_filter', type: 'text', placeholder: '(memberOf=cn=tarmac-users,ou=groups,dc=example,dc=com)' },
  { name: 'admin_group_filter', type: 'text', placeholder: '(memberOf=cn=tarmac-admins,ou=groups,dc=example,dc=com)' },
];

const OIDC_FIELDS: FieldSpec[] = [
  { name: 'issuer', type: 'text', required: true, placeholder: 'https://id.example.com/realms/company' },
  { name: 'client_id', type: 'text', required: true },
  { name: 'scopes', type: 'text', required: true },
  { name: 'uid_claim', type: 'text', required: true },
  { name: 'username_claim', type: 'text', required: true },
  { name: 'email_claim', type: 'text', required: true },
  { name: 'name_claim', type: 'text', required: true },
  { name: 'groups_claim', type: 'text' },
  { name: 'allowed_groups', type: 'list' },
  { name: 'admin_groups', type: 'list' },
];

const PRESET_FIELDS: FieldSpec[] = [
  { name: 'client_id', type: 'text', required: true },
  { name: 'base_url', type: 'text', placeholder: 'https://gitlab.example.com' },
  { name: 'allowed_organizations', type: 'list' },
  { name: 'admin_organizations', type: 'list' },
];

export function fieldsOf(kind: Kind): FieldSpec[] {
  return kind === 'ldap' ? LDAP_FIELDS : kind === 'oidc' ? OIDC_FIELDS : PRESET_FIELDS;
}

export function defaultSettings(kind: Kind): Record<string, unknown> {
  if (kind === 'ldap') {
    return { url: '', start_tls: false, base_dn: '', user_filter: '(uid={username})', username_attribute: 'uid', email_attribute: 'mail', name_attribute: 'cn' };
  }
  if (kind === 'oidc') {
    return {
      issuer: '', client_id: '', scopes: 'openid profile email', uid_claim: 'sub', username_claim: 'preferred_username', email_claim: 'email',
      name_claim: 'name', allowed_groups: [], admin_groups: [],
    };
  }
  return { client_id: '', allowed_organizations: [], admin_organizations: [] };
}

/** The settings to send: optional text left empty is left out, lists are trimmed. */
export function settingsToSend(kind: Kind, settings: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fieldsOf(kind)) {
    const value = settings[field.name];
    if (field.type === 'list') out[field.name] = Array.isArray(value) ? value : [];
    else if (field.type === 'switch') out[field.name] = value === true;
    else if (typeof value === 'string' && (value.trim() !== '' || field.required)) out[field.name] = value.trim();
    else if (field.required) out[field.name] = '';
  }
  return out;
}
