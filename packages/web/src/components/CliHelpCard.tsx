// "How to do this from CI": a card with a title, a hint, a block of commands to copy and a line
// about where the token comes from, linking to the tokens page (or another closing line: `footer`).
import { Anchor, Code, Text } from '@mantine/core';
import { IconTerminal } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SectionCard } from './SectionCard.tsx';

type Closing =
  /** The sentence before the link to the API tokens page, and the link's text. */
  | { tokenHint: string; tokenLink: string; footer?: never }
  /** Commands that need no token (run on the server): what follows them instead. */
  | { footer: ReactNode; tokenHint?: never; tokenLink?: never };

export type CliHelpCardProps = {
  title: string;
  hint: string;
  /** The commands, one a line. */
  lines: string[];
  maw?: number;
} & Closing;

export function CliHelpCard({ title, hint, lines, tokenHint, tokenLink, footer, maw = 760 }: CliHelpCardProps) {
  return (
    <SectionCard title={title} description={hint} icon={<IconTerminal size={18} aria-hidden />} maw={maw}>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {lines.join('\n')}
      </Code>
      {footer ?? (
        <Text size="xs" c="dimmed">
          {tokenHint}{' '}
          <Anchor component={Link} to="/settings/tokens" size="xs" underline="always">
            {tokenLink}
          </Anchor>
        </Text>
      )}
    </SectionCard>
  );
}
