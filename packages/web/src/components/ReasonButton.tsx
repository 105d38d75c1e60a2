// A button the caller may not use says why, to the keyboard as to the mouse. Mantine's disabled
// button takes neither the focus nor the hover, so a tooltip around it never shows to a keyboard
// user. This one stays focusable while unavailable (aria-disabled, with Mantine's disabled look),
// ignores presses, shows `reason` as a tooltip on hover and focus, and gives it as its description.
import { Button, Tooltip, VisuallyHidden } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import { useId } from 'react';
import type { ReactNode } from 'react';

interface Props extends ButtonProps {
  /** Whether it cannot be used now (no permission, loading, archived). */
  unavailable: boolean;
  /** Why not, once known (left out while the permissions load). */
  reason?: string;
  onClick: () => void;
  children: ReactNode;
}

export function ReasonButton({ unavailable, reason, onClick, children, ...props }: Props) {
  const id = useId();
  const explained = unavailable && reason !== undefined;
  return (
    <>
      <Tooltip label={reason} disabled={!explained}>
        <Button
          {...props}
          data-disabled={unavailable || undefined}
          aria-disabled={unavailable || undefined}
          aria-describedby={explained ? id : undefined}
          onClick={(event) => {
            if (unavailable) event.preventDefault();
            else onClick();
          }}
        >
          {children}
        </Button>
      </Tooltip>
      {explained && <VisuallyHidden id={id}>{reason}</VisuallyHidden>}
    </>
  );
}
