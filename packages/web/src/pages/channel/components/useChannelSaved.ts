// After any change to a channel (settings, password, key): the answer becomes the cached channel,
// and the app (its channel list) and the builds list (its links carry the slug) are refetched.
import { useQueryClient } from '@tanstack/react-query';
import { appKeys } from '../../../api/apps.ts';
import { channelKeys } from '../../../api/channels.ts';
import type { ChannelDetail } from '../../../api/channels.ts';
import { releaseKeys } from '../../../api/releases.ts';

export function useChannelSaved(): (updated: ChannelDetail) => void {
  const queryClient = useQueryClient();
  return (updated) => {
    queryClient.setQueryData(channelKeys.detail(updated.id), updated);
    void queryClient.invalidateQueries({ queryKey: appKeys.all });
    void queryClient.invalidateQueries({ queryKey: releaseKeys.channel(updated.id) });
  };
}
