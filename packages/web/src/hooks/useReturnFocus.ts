// Where the focus goes when a dialog has closed and Mantine could not give it back: Mantine
// returns it to the element focused when the dialog opened, which may be gone by then (a menu
// item; the delete button of a row just deleted), leaving it on <body>. Then it goes to the
// menu's button, or the opener if it still exists, or else the page (the skip link's target), so
// the next Tab continues from there instead of from the top of the document.
import { useEffect, useRef } from 'react';
import { MAIN_ID } from '../components/SkipLink.tsx';

/** Records the opener while `opened`; answers the handler for the dialog's `onExitTransitionEnd`. */
export function useReturnFocus(opened: boolean): () => void {
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!opened) return;
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // A menu item: the menu's own button (the dropdown is labelled by it).
    const menuButton = active?.closest('[role="menu"]')?.getAttribute('aria-labelledby');
    opener.current = menuButton ? document.getElementById(menuButton) : active;
  }, [opened]);
  return () => {
    // Still inside the dialog (about to be removed) or already on <body>: Mantine gave it to nothing.
    const active = document.activeElement;
    if (active && active !== document.body && !active.closest('[role="dialog"]')) return;
    const target = opener.current?.isConnected ? opener.current : document.getElementById(MAIN_ID);
    target?.focus();
  };
}
