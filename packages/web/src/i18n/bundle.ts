/** Turns `{ './en/apps.json': {…} }` (an eager import.meta.glob) into `{ apps: {…} }`. */
export function bundle(files: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [file, content] of Object.entries(files)) {
    const area = /\/([\w-]+)\.json$/.exec(file)?.[1];
    if (area) out[area] = (content as { default?: unknown }).default ?? content;
  }
  return out;
}
