// "How to do this from CI": a card with a title, a hint, a block of commands to copy and a line
// about where the token comes from, linking to the tokens page.
import { Anchor, Code, Text } from '@mantine/core';
import { IconTerminal } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SectionCard } from './SectionCard.tsx';

export interface CliHelpCardProps {
  title: string;
  hint: string;
  /** The commands, one a line. */
  lines: string[];
  /** The sentence before the link to the API tokens page, and the link's text. */
  tokenHint: string;
  tokenLink: string;
  maw?: number;
}

export function CliHelpCard({ title, hint, lines, tokenHint, tokenLink, maw = 760 }: CliHelpCardProps) {
  return (
    <SectionCard title={title} description={hint} icon={<IconTerminal size={18} aria-hidden />} maw={maw}>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {lines.join('\n')}
      </Code>
      <Text size="xs" c="dimmed">
        {tokenHint}{' '}
        <Anchor component={Link} to="/settings/tokens" size="xs">
          {tokenLink}
        </Anchor>
      </Text>
    </SectionCard>
  );
}
