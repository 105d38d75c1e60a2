// The top of a webhook list: its title (the page's h1 on the admin screen, a section's h2 on a
// channel's tab), what it is for, and Add webhook (which says why when the caller may not add).
import { Group, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ReasonButton } from '../../components/ReasonButton.tsx';

interface Props {
  level: 1 | 2;
  title: string;
  hint: string;
  onAdd: () => void;
  /** Why Add is not the caller's to use; undefined when it is (or while the permissions load, with `unavailable`). */
  reason?: string | undefined;
  unavailable?: boolean;
}

export function WebhooksHeader({ level, title, hint, onAdd, reason, unavailable = false }: Props) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap">
      <div style={{ flex: '1 1 320px' }}>
        <Title order={level} size={level === 1 ? 'h2' : 'h4'}>
          {title}
        </Title>
        <Text size={level === 1 ? 'md' : 'sm'} c="dimmed">
          {hint}
        </Text>
      </div>
      <ReasonButton unavailable={unavailable} reason={reason} leftSection={<IconPlus size={16} />} onClick={onAdd}>
        {t('webhooks.add')}
      </ReasonButton>
    </Group>
  );
}
