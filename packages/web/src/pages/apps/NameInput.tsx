// The name box of the app and scheme dialogs: required, focused when the dialog opens. Its rules
// (never blank, at most 255 characters) are the server's, read from the OpenAPI document for
// `operation` (useFieldRules): a problem shows as soon as the box is edited, and the server's
// message for the field clears when the box changes.
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { ruleOf } from '../../api/rules.ts';
import type { RuleOperation } from '../../api/rules.ts';
import { useFieldRules } from '../../hooks/useFieldRules.ts';

interface NameInputProps {
  label: string;
  description?: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  /** The operation whose request body the name goes in: where its rules are read. */
  operation: RuleOperation;
  /** The form's error; its detail for `field` shows under the box. */
  error: unknown;
  field?: string;
  autoFocus?: boolean;
}

export function NameInput(props: NameInputProps) {
  const { label, description, placeholder, value, onChange, operation, error, field = 'name', autoFocus = true } = props;
  const rules = useFieldRules(operation, error);
  const [edited, setEdited] = useState(false);
  return (
    <TextInput
      label={label}
      description={description}
      placeholder={placeholder}
      value={value}
      onChange={(event) => {
        onChange(event.currentTarget.value);
        setEdited(true);
        rules.changed(field);
      }}
      error={rules.errorOf(field, value, edited)}
      required
      data-autofocus={autoFocus || undefined}
      maxLength={ruleOf(operation, field).maxLength}
    />
  );
}
