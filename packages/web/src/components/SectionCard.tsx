// A titled card: a heading, a dimmed sentence saying what the section is for, then its content.
// The frame of the settings-like cards (sign-up switch, a channel's key, "how to do it from CI").
// A region named by its title, so a screen reader (and a test) finds it by that name.
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { ReactNode } from 'react';

export interface SectionCardProps {
  title: string;
  description?: ReactNode;
  /** Shown before the title (an icon, hidden from screen readers by the caller). */
  icon?: ReactNode;
  maw?: number;
  children?: ReactNode;
}

export function SectionCard({ title, description, icon, maw, children }: SectionCardProps) {
  const titleId = useId();
  return (
    <Card withBorder padding="md" w={maw ? '100%' : undefined} maw={maw} component="section" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group gap="xs">
          {icon}
          <Title order={4} id={titleId}>
            {title}
          </Title>
        </Group>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
        {children}
      </Stack>
    </Card>
  );
}
