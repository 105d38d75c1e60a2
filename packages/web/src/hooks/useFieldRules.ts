// A form's field errors: the server's rules (api/rules.ts) checked as the user types, and the
// server's own 422 messages until the field they name is changed (a stale error clears then).
// `check(values)` before sending: an ApiError with every problem, so nothing is sent.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.ts';
import { fieldError } from '../api/error-text.ts';
import { checkRule } from '../api/rules.ts';
import type { RuleOperation } from '../api/rules.ts';

export interface FieldRules {
  /** The message to show under `field` (value as typed; `edited` when it differs from the saved one). */
  errorOf: (field: string, value: string, edited: boolean) => string | undefined;
  /** Call from the field's onChange: the server's message about it is stale from now on. */
  changed: (field: string) => void;
  /** Throws an ApiError naming every field that breaks a rule; for the form's send step. */
  check: (values: Record<string, string>) => void;
}

export function useFieldRules(operation: RuleOperation, error: unknown): FieldRules {
  const { t } = useTranslation();
  // The fields changed since `error` arrived; a new error starts a new set.
  const [changedSince, setChangedSince] = useState<{ error: unknown; fields: Set<string> }>({ error, fields: new Set() });
  const stale = changedSince.error === error ? changedSince.fields : new Set<string>();

  const problem = (field: string, value: string): string | undefined => {
    const found = checkRule(operation, field, value);
    return found ? t(`common.field.${found.key}`, { limit: found.limit }) : undefined;
  };

  return {
    errorOf: (field, value, edited) =>
      (edited ? problem(field, value) : undefined) ?? (stale.has(field) ? undefined : fieldError(error, field)),
    changed: (field) => setChangedSince({ error, fields: new Set([...stale, field]) }),
    check: (values) => {
      const details: Record<string, string[]> = {};
      for (const [field, value] of Object.entries(values)) {
        const message = problem(field, value);
        if (message) details[field] = [message];
      }
      if (Object.keys(details).length > 0) throw new ApiError(422, t('common.field.invalid'), details);
    },
  };
}
