// Runs `reset` each time a dialog opens (and when `deps` change while it is open), so it starts
// from the current values with no error left from last time.
import { useEffect } from 'react';

export function useOnOpen(opened: boolean, reset: () => void, deps: readonly unknown[] = []): void {
  useEffect(() => {
    if (opened) reset();
    // `reset` is a new closure each render; `deps` name what it reads.
  }, [opened, ...deps]);
}
