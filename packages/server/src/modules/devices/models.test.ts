import { describe, expect, it } from 'vitest';
import { iosMajorFromBuild, modelName } from './models.ts';

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
});
