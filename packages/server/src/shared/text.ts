// Small helpers for optional text fields that several modules read.

/** A field's value, or undefined when it is missing or blank (the value itself is not trimmed). */
export function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** A field's value trimmed, or undefined when it is missing or blank. */
export function trimmedNonEmpty(value: string | undefined): string | undefined {
  return nonEmpty(value)?.trim();
}

/** A query value, or undefined when it is missing or empty; blank text stays as sent (the version check compares it). */
export function emptyToUndefined(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
