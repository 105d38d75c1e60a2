// The name box of the app and scheme dialogs: required, at most 255 characters (the column's
// size), the field's error from the server's `details`, focused when the dialog opens.
import { TextInput } from '@mantine/core';
import { fieldError } from '../../api/client.ts';

const NAME_MAX = 255;

interface NameInputProps {
  label: string;
  description?: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  /** The form's error; its detail for `field` shows under the box. */
  error: unknown;
  field?: string;
  autoFocus?: boolean;
}

export function NameInput({ label, description, placeholder, value, onChange, error, field = 'name', autoFocus = true }: NameInputProps) {
  return (
    <TextInput
      label={label}
      description={description}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={fieldError(error, field)}
      required
      data-autofocus={autoFocus || undefined}
      maxLength={NAME_MAX}
    />
  );
}
