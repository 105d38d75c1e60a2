// Loading, empty and error states, the same on every screen. The loading and error states live in
// LoadStates.tsx (the first page load carries them, not the rest), and are re-exported here.
import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export { ErrorState, PageLoader } from './LoadStates.tsx';

export function EmptyState({ title, description, action }: { title: string; description?: ReactNode; action?: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py="xl">
      <ThemeIcon size={48} radius="xl" variant="light">
        <IconInbox size={28} />
      </ThemeIcon>
      <Title order={4}>{title}</Title>
      {description && (
        <Text c="dimmed" ta="center" maw={420}>
          {description}
        </Text>
      )}
      {action && <Group>{action}</Group>}
    </Stack>
  );
}

/** Something the user cannot reach (gone, or not theirs), with a link to where they can go. */
export function UnreachableState(props: { title: string; description?: string; to: string; linkLabel: string }) {
  const { title, description, to, linkLabel } = props;
  return (
    <EmptyState
      title={title}
      description={description}
      action={
        <Button component={Link} to={to} variant="light">
          {linkLabel}
        </Button>
      }
    />
  );
}
