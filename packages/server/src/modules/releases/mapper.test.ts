// How the pages show custom fields, which the API answers exactly as uploaded (any JSON):
// Zealot's [{icon, name, value}] and Tarmac's older normalised [{name, value}] as fields; the
// ways of sending nothing (fastlane always sends its unset default ["[]"]) as none; anything
// else formatted, so no value is hidden or mangled.
import { describe, expect, it } from 'vitest';
import { customFieldsDisplay } from './mapper.ts';
import type { JsonValue } from './types.ts';

describe('customFieldsDisplay', () => {
  it.each<[string, JsonValue]>([
    ['[]', []],
    ['{}', {}],
    ['""', ''],
    ['null', null],
    ["fastlane's unset default", ['[]']],
    ['empty markers only', ['[]', '']],
  ])('shows nothing for %s', (_what, value) => {
    expect(customFieldsDisplay(value)).toEqual({ kind: 'none' });
  });

  it("shows Zealot's form as fields: icons kept, numbers, booleans and null as text", () => {
    const value: JsonValue = [
      { icon: 'fa-solid fa-ticket', name: 'Jira', value: 'APP-12' },
      { name: 'Pipeline', value: 4242 },
      { name: 'Reviewed', value: false },
      { name: 'Note', value: null },
    ];
    expect(customFieldsDisplay(value)).toEqual({
      kind: 'fields',
      fields: [
        { icon: 'fa-solid fa-ticket', name: 'Jira', value: 'APP-12' },
        { name: 'Pipeline', value: '4242' },
        { name: 'Reviewed', value: 'false' },
        { name: 'Note', value: '' },
      ],
    });
  });

  it.each<[string, JsonValue]>([
    ['an object', { tauri_signature: 'dW50cnVzdGVk', rollout: 0.5 }],
    ['a string', 'nightly build'],
    ['a number', 42],
    ['items with other keys', [{ name: 'Jira', value: 'APP-12', url: 'https://jira.example.com/APP-12' }]],
    ['an item whose value is an object', [{ name: 'Build', value: { id: 7 } }]],
    ['an item without a value', [{ name: 'Jira' }]],
    ['an item with a blank name', [{ name: ' ', value: 'x' }]],
    ['fields mixed with other items', [{ name: 'Jira', value: 'APP-12' }, 'loose']],
  ])('shows %s as formatted JSON', (_what, value) => {
    expect(customFieldsDisplay(value)).toEqual({ kind: 'json', text: JSON.stringify(value, null, 2) });
  });
});
