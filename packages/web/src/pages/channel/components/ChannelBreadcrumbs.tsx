// Where a channel (or one of its builds) sits: Apps › app › scheme › channel [› #build], as a
// named navigation landmark. The last crumb is the current screen, so it is text, not a link.
import { Anchor, Box, Breadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface Props {
  /** The landmark's name: "Where this channel is", "Where this build is". */
  label: string;
  app: { id: number; name: string };
  scheme: { name: string };
  channel: { id: number; name: string };
  /** On a build's screen, its number. */
  version?: number;
}

export function ChannelBreadcrumbs({ label, app, scheme, channel, version }: Props) {
  const { t } = useTranslation();
  return (
    <Box component="nav" aria-label={label}>
      <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap' }}>
        <Anchor component={Link} to="/apps" size="sm">
          {t('channel.apps')}
        </Anchor>
        <Anchor component={Link} to={`/apps/${app.id}`} size="sm">
          {app.name}
        </Anchor>
        <Text size="sm" c="dimmed">
          {scheme.name}
        </Text>
        {version === undefined ? (
          <Text size="sm">{channel.name}</Text>
        ) : (
          <Anchor component={Link} to={`/apps/${app.id}/channels/${channel.id}`} size="sm">
            {channel.name}
          </Anchor>
        )}
        {version !== undefined && <Text size="sm">#{version}</Text>}
      </Breadcrumbs>
    </Box>
  );
}
