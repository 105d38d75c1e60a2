// The global roles, in order of power, and the select that picks one (labels in the reader's language).
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserRole } from '../../api/types.ts';

export const ROLES: UserRole[] = ['member', 'developer', 'admin'];

interface RoleSelectProps {
  value: UserRole;
  onChange: (role: UserRole) => void;
  error?: string | undefined;
  'data-autofocus'?: boolean;
}

export function RoleSelect({ value, onChange, error, ...rest }: RoleSelectProps) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('admin.users.role')}
      data={ROLES.map((role) => ({ value: role, label: t(`admin.roles.${role}`) }))}
      value={value}
      onChange={(next) => next && onChange(next)}
      allowDeselect={false}
      error={error}
      comboboxProps={{ withinPortal: true }}
      {...rest}
    />
  );
}
