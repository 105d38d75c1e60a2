// The frame every form dialog shares: a centred modal titled `title` that cannot be closed while
// sending, a form (Enter submits), the fields, the server's error (left out when every problem
// sits on one of `errorFields`), and Cancel / submit buttons. Opening it focuses its first field
// (Cancel when it has none, so Enter in a confirmation does nothing destructive by accident),
// not the header's close button; closing it gives the focus back to what opened it (Mantine), or
// when that is gone, to the menu's button or the page (useReturnFocus).
import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ModalProps } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '../hooks/useReturnFocus.ts';
import { FormError } from './FormError.tsx';

export interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** The form's submit handler (`useSubmit().handler(…)`, or one that validates first). */
  onSubmit: (event: FormEvent) => void;
  busy: boolean;
  error: unknown;
  /** Fields that show their own error: an error only about these is not repeated in the alert. */
  errorFields?: string[];
  /** The submit button's text (default: Save). */
  submitLabel?: string;
  submitColor?: string;
  submitDisabled?: boolean;
  size?: ModalProps['size'];
  /** The error alert's title, when the form wants one. */
  errorTitle?: string;
  /** Where the server's error shows: under the fields (default) or above them (long forms). */
  errorAt?: 'top' | 'bottom';
  children: ReactNode;
}

/** The controls a dialog may open on, in the form's order; a field a child marks `data-autofocus` wins. */
const FIRST_CONTROL = 'input:not([type=hidden]):not(:disabled), textarea:not(:disabled), select:not(:disabled), button:not(:disabled)';

/**
 * Marks the form's first control for Mantine's focus trap, which focuses `[data-autofocus]` once
 * the dialog has mounted (a timeout after this ref runs), or else the close button.
 */
function markFirstControl(form: HTMLFormElement | null): void {
  if (!form || form.querySelector('[data-autofocus]')) return;
  form.querySelector(FIRST_CONTROL)?.setAttribute('data-autofocus', '');
}

export function FormModal(props: FormModalProps) {
  const { t } = useTranslation();
  const { opened, onClose, title, onSubmit, busy, error, errorFields, errorTitle, errorAt, children } = props;
  const { submitLabel, submitColor, submitDisabled, size } = props;
  const returnFocus = useReturnFocus(opened);
  const alert = <FormError error={error} fields={errorFields} title={errorTitle} />;
  return (
    <Modal opened={opened} onClose={() => !busy && onClose()} title={title} centered size={size} onExitTransitionEnd={returnFocus}>
      <form onSubmit={onSubmit} noValidate ref={markFirstControl}>
        <Stack>
          {errorAt === 'top' && alert}
          {children}
          {errorAt !== 'top' && alert}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color={submitColor} loading={busy} disabled={submitDisabled}>
              {submitLabel ?? t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
