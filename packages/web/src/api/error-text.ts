// An error as the user reads it, in their language: the server's code and params translated
// (`errors.<code>` in i18n/locales/<language>/errors.json), field problems as `errors.field.<code>`,
// and the server's English sentence only for a code this web app does not know yet.
import i18n from 'i18next';
import { ApiError } from './client.ts';

type Params = Record<string, string | number>;

function translated(key: string, params: Params): string | undefined {
  return i18n.exists(key) ? i18n.t(key, params) : undefined;
}

/** The field's problems, translated, joined; undefined when the error names none for `field`. */
export function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const sentences = error.details?.[field];
  const problems = error.fields?.[field];
  if (!sentences && !problems) return undefined;
  const count = Math.max(sentences?.length ?? 0, problems?.length ?? 0);
  const texts: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const problem = problems?.[i];
    const known = problem && problem.code !== 'invalid' ? translated(`errors.field.${problem.code}`, problem.params ?? {}) : undefined;
    const text = known ?? sentences?.[i] ?? (problem ? translated('errors.field.invalid', {}) : undefined);
    if (text && !texts.includes(text)) texts.push(text);
  }
  return texts.length > 0 ? texts.join('; ') : undefined;
}

/** Every field problem as "field: problem", for the form's alert. */
function fieldProblems(error: ApiError): string {
  const names = new Set([...Object.keys(error.details ?? {}), ...Object.keys(error.fields ?? {})]);
  return [...names].map((field) => i18n.t('errors.field_problem', { field, message: fieldError(error, field) ?? '' })).join('; ');
}

/** The error's sentence for the user: the translation of its code, else the server's sentence. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0 && error.code === undefined) return error.message;
    if (error.code === 'validation.failed' && (error.details || error.fields)) {
      return translated('errors.validation.failed', { problems: fieldProblems(error) }) ?? error.message;
    }
    if (error.code) return translated(`errors.${error.code}`, error.params) ?? error.message;
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
