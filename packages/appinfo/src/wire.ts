// Results as JSON for the CLI and the API: camelCase keys become snake_case, except inside
// maps copied verbatim from the file, whose keys are the file's own.

/** Keys whose values are the file's own maps; their contents keep their keys. */
export const VERBATIM_KEYS = new Set(['entitlements', 'infoPlist', 'control', 'headerTags', 'manifestAttributes', 'versionStrings', 'rawTags', 'labels', 'msiProperties', 'desktopEntry']);

export function snakeCase(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/([A-Z])([A-Z][a-z])/g, '$1_$2').toLowerCase();
}

export function toWire(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toWire);
  if (Buffer.isBuffer(value)) return undefined;
  if (value instanceof Date) return value.toISOString();
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (inner === undefined || Buffer.isBuffer(inner)) continue;
    out[snakeCase(key)] = VERBATIM_KEYS.has(key) ? inner : toWire(inner);
  }
  return out;
}
