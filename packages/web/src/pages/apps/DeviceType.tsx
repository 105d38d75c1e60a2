// A channel's platform, the same everywhere: an icon and the platform's name.
import { Badge } from '@mantine/core';
import { IconBrandAndroid, IconBrandApple, IconBrandFinder, IconBrandWindows, IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import type { DeviceType } from '../../api/apps.ts';
import { platformName } from '../../platforms.ts';

export const DEVICE_ICONS: Record<DeviceType, typeof IconBrandApple> = {
  ios: IconBrandApple,
  android: IconBrandAndroid,
  harmonyos: IconDeviceMobile,
  macos: IconBrandFinder,
  windows: IconBrandWindows,
  linux: IconDeviceDesktop,
};

export function DeviceTypeBadge({ type }: { type: DeviceType }) {
  const Icon = DEVICE_ICONS[type];
  return (
    <Badge variant="light" color="gray" leftSection={<Icon size={12} />} tt="none">
      {platformName(type)}
    </Badge>
  );
}
