import { describe, expect, it } from 'vitest';
import { iosMajorFromBuild, iosVersionOfBuild, modelName } from './models.ts';

describe('model names and iOS versions', () => {
  it('names common models and leaves unknown ones alone', () => {
    expect(modelName('iPhone15,2')).toBe('iPhone 14 Pro');
    expect(modelName('iPad13,18')).toBe('iPad (10th generation)');
    expect(modelName('iPhone99,9')).toBeNull();
    expect(modelName('constructor')).toBeNull();
    expect(modelName(null)).toBeNull();
  });

  it('reads the iOS major version from a build number', () => {
    expect(iosMajorFromBuild('13E230')).toBe(9);
    expect(iosMajorFromBuild('21A329')).toBe(17);
    expect(iosMajorFromBuild('22B83')).toBe(18);
    expect(iosMajorFromBuild('23A341')).toBe(26);
    expect(iosMajorFromBuild('17.0')).toBeNull();
    expect(iosMajorFromBuild(null)).toBeNull();
  });

  // Build numbers as devices report them (Settings › General › About), with the versions Apple
  // released under them; a beta or an unlisted build keeps only its major version.
  it('names the released iOS version of a build number', () => {
    const released: [string, string][] = [
      ['19H12', '15.7'],
      ['20G75', '16.6'],
      ['21A329', '17.0'],
      ['21E236', '17.4.1'],
      ['21F90', '17.5.1'],
      ['21G93', '17.6.1'],
      ['22A3354', '18.0'],
      ['22B83', '18.1'],
      ['22D82', '18.3.2'],
      ['23A341', '26.0'],
    ];
    for (const [build, version] of released) expect(iosVersionOfBuild(build), build).toBe(version);
    expect(iosVersionOfBuild('21F5073b')).toBe('17');
    expect(iosVersionOfBuild('22H999')).toBe('18');
    expect(iosVersionOfBuild('13E230')).toBe('9');
    expect(iosVersionOfBuild('17.5.1')).toBeNull();
    expect(iosVersionOfBuild('toString')).toBeNull();
    expect(iosVersionOfBuild('')).toBeNull();
    expect(iosVersionOfBuild(null)).toBeNull();
  });
});
