import { describe, expect, it } from 'vitest';
import { platformName } from './platforms.ts';

describe('platformName', () => {
  it('names each platform as its maker writes it, whatever the case it comes in', () => {
    expect(['ios', 'android', 'harmonyos', 'macos', 'windows', 'linux'].map(platformName)).toEqual(['iOS', 'Android', 'HarmonyOS', 'macOS', 'Windows', 'Linux']);
    expect(platformName('IOS')).toBe('iOS');
    expect(platformName('iOS')).toBe('iOS');
    expect(platformName('MacOS')).toBe('macOS');
  });

  it('leaves an unknown platform as given, and does not read inherited keys', () => {
    expect(platformName('tvos')).toBe('tvos');
    expect(platformName('constructor')).toBe('constructor');
  });
});
