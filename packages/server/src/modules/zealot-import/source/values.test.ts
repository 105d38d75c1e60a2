import { describe, expect, it } from 'vitest';
import { convertValue } from './values.ts';

describe('values by declared type', () => {
  it('converts numbers, keeping a bigint past 2^53 as its string', () => {
    expect(convertValue('42', 'bigint')).toBe(42);
    expect(convertValue('-3', 'integer')).toBe(-3);
    expect(convertValue('9007199254740993', 'bigint')).toBe('9007199254740993');
    expect(convertValue('1.5', 'numeric(10,2)')).toBe(1.5);
  });

  it('converts booleans, JSON and timestamps', () => {
    expect(convertValue('t', 'boolean')).toBe(true);
    expect(convertValue('f', 'boolean')).toBe(false);
    expect(convertValue('{"a": [1, "x"]}', 'jsonb')).toEqual({ a: [1, 'x'] });
    expect(convertValue('"changelog text"', 'json')).toBe('changelog text');
    expect(convertValue('2024-05-22 01:59:17.123456', 'timestamp(6) without time zone')).toBe('2024-05-22T01:59:17.123Z');
    expect(convertValue('2024-05-22 09:59:17+08', 'timestamp with time zone')).toBe('2024-05-22T01:59:17.000Z');
  });

  it('keeps text, enums and NULL as they are', () => {
    expect(convertValue('ios', 'public.metadata_platform')).toBe('ios');
    expect(convertValue('007', 'character varying(255)')).toBe('007');
    expect(convertValue(null, 'integer')).toBeNull();
  });

  it('parses array literals with their element type', () => {
    expect(convertValue('{}', 'integer[]')).toEqual([]);
    expect(convertValue('{1,2,3}', 'integer[]')).toEqual([1, 2, 3]);
    expect(convertValue('{"a b","c\\"d",NULL,plain}', 'character varying[]')).toEqual(['a b', 'c"d', null, 'plain']);
    expect(convertValue('{{1,2},{3,4}}', 'integer[]')).toEqual([[1, 2], [3, 4]]);
    expect(convertValue('{t,f}', 'boolean[]')).toEqual([true, false]);
  });
});
