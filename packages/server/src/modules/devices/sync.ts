// Sync from the Apple developer account: Apple's words and what a sync changes.

/**
 * Apple's platform or status word as stored: upper case, as the App Store Connect API writes
 * it (IOS, MAC_OS; ENABLED, DISABLED). The older developer-portal client (Spaceship::Device)
 * says `ios`/`mac` and `c`/`r`: those become the API's words. Undefined when the value is not
 * a single word of letters, digits and underscores (at most 32).
 */
export function appleWord(value: string, kind: 'platform' | 'status'): string | undefined {
  if (!/^[A-Za-z][A-Za-z0-9_]{0,31}$/.test(value)) return undefined;
  const word = value.toUpperCase();
  if (kind === 'platform') return word === 'MAC' ? 'MAC_OS' : word;
  return word === 'C' ? 'ENABLED' : word === 'R' ? 'DISABLED' : word;
}

/** The Apple-account fields of a device, as a sync says them (null: not said). */
export interface SyncFields {
  name: string | null;
  model_name: string | null;
  platform: string | null;
  status: string | null;
}

/**
 * What a sync changes on a device already stored: each field the sync says (not null) and
 * that differs. A field the sync leaves out or sends empty keeps its value, so an empty name
 * never wipes the one the team chose; a name Apple gives replaces it (it is the name the team
 * gave the device in its developer account). Empty when nothing changes.
 */
export function syncChanges(stored: SyncFields, sent: SyncFields): Partial<SyncFields> {
  const changes: Partial<SyncFields> = {};
  for (const key of ['name', 'model_name', 'platform', 'status'] as const) {
    const value = sent[key];
    if (value !== null && value !== stored[key]) changes[key] = value;
  }
  return changes;
}
