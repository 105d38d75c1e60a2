// The badge of a verdict (ok, warn, fail) on the system and database screens: a colour and a word,
// never the colour alone.
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Verdict } from '../../api/system.ts';

const COLORS: Record<Verdict, string> = { ok: 'green', warn: 'yellow', fail: 'red' };

export function VerdictBadge({ status }: { status: Verdict }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" miw={72}>
      {t(`system.verdict.${status}`)}
    </Badge>
  );
}
