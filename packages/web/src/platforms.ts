// The one place platforms are named for people: iOS, Android, HarmonyOS, macOS, Windows, Linux.
// Product names, the same in every language (the install pages use the server's PLATFORM_NAMES,
// the same table). Every screen names a platform through platformName, so none shows "IOS" or "ios".

export const PLATFORM_NAMES: Readonly<Record<string, string>> = {
  ios: 'iOS',
  android: 'Android',
  harmonyos: 'HarmonyOS',
  macos: 'macOS',
  windows: 'Windows',
  linux: 'Linux',
};

/** A platform's name (`ios` → iOS, in any case); an unknown value as it was given. */
export function platformName(platform: string): string {
  const key = platform.toLowerCase();
  return Object.hasOwn(PLATFORM_NAMES, key) ? PLATFORM_NAMES[key]! : platform;
}
