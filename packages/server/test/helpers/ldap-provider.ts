// The settings of an LDAP sign-in provider pointing at the test directory (helpers/ldap.ts):
// uid logins under ou=people, mail and cn mapped, tarmac-users may sign in, tarmac-admins are admins.
import type { LdapServer } from './ldap.ts';
import { LDAP_PEOPLE, groupDn } from './ldap-directory.ts';

export function ldapSettings(directory: LdapServer, extra: Record<string, unknown> = {}) {
  return {
    url: directory.url,
    start_tls: false,
    bind_dn: directory.bindDn,
    base_dn: LDAP_PEOPLE,
    user_filter: '(&(objectClass=inetOrgPerson)(uid={username}))',
    username_attribute: 'uid',
    email_attribute: 'mail',
    name_attribute: 'cn',
    group_filter: `(memberOf=${groupDn('tarmac-users')})`,
    admin_group_filter: `(memberOf=${groupDn('tarmac-admins')})`,
    ...extra,
  };
}
