// toChannelFields: the one mapping of channel bodies (create, update, a scheme's channels) to
// the service's fields. Every field of the update body reaches the service under its own name,
// alone (so a field added to the schema and not to the mapping fails here), and an update's
// absent fields stay absent (the service keeps their values).
import { describe, expect, it } from 'vitest';
import { CreateChannelBody, UpdateChannelBody, toChannelFields } from './schemas.ts';
import type { ChannelFields } from './types.ts';

const full = {
  name: 'Beta',
  device_type: 'android',
  slug: 'beta-1',
  bundle_id: 'com.example.beta',
  git_url: 'https://git.example.com/beta',
  password: 'secret',
  download_filename_type: 'original_filename',
} as const;

const expected: Required<ChannelFields> = {
  name: 'Beta',
  deviceType: 'android',
  slug: 'beta-1',
  bundleId: 'com.example.beta',
  gitUrl: 'https://git.example.com/beta',
  password: 'secret',
  downloadFilenameType: 'original_filename',
};

const defined = (fields: ChannelFields) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));

describe('toChannelFields', () => {
  it('maps a full create body to every service field', () => {
    expect(Object.keys(full).sort()).toEqual(Object.keys(CreateChannelBody.properties).sort());
    expect(toChannelFields(full)).toEqual(expected);
  });

  it.each(Object.keys(UpdateChannelBody.properties))('maps an update body holding only %s to that one field', (key) => {
    const value = full[key as keyof typeof full];
    const mapped = defined(toChannelFields({ [key]: value }));
    expect(Object.values(mapped)).toEqual([value]);
    expect(expected[Object.keys(mapped)[0] as keyof ChannelFields]).toBe(value);
  });

  it('keeps an update\'s absent fields absent, and passes a null git_url (clears it) and an empty password through', () => {
    expect(defined(toChannelFields({}))).toEqual({});
    expect(toChannelFields({ git_url: null, password: '' })).toMatchObject({ gitUrl: null, password: '' });
  });
});
