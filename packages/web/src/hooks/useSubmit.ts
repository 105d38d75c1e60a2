// A form's or action's send step: the busy flag, the error to show (on the fields, or in the form's
// alert), and after success the queries to refetch, the notification and what comes next (closing
// the dialog). The one place forms say "call the API, tell the user, refresh the list".
import { useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { notifySuccess } from '../components/notify.ts';

export interface SubmitOptions<T> {
  /** Queries refetched after success, awaited before the notification. */
  invalidate?: readonly QueryKey[];
  /** The success notification's text, from the result; none when left out. */
  success?: (result: T) => string;
  /** Runs after success, e.g. clearing the form or closing the dialog. */
  onDone?: (result: T) => void;
}

export interface Submit {
  busy: boolean;
  /** The last failure (an `ApiError` carries the field details), undefined once cleared. */
  error: unknown;
  setError: (error: unknown) => void;
  /** Runs `action`; a failure is kept in `error`, never thrown. Resolves to the result or undefined. */
  run: <T>(action: () => Promise<T>, options?: SubmitOptions<T>) => Promise<T | undefined>;
  /** A form's `onSubmit`: prevents the page load, then `run`. */
  handler: <T>(action: () => Promise<T>, options?: SubmitOptions<T>) => (event: FormEvent) => void;
}

export function useSubmit(): Submit {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();

  async function run<T>(action: () => Promise<T>, options: SubmitOptions<T> = {}): Promise<T | undefined> {
    setBusy(true);
    setError(undefined);
    try {
      const result = await action();
      for (const queryKey of options.invalidate ?? []) await queryClient.invalidateQueries({ queryKey });
      if (options.success) notifySuccess(options.success(result));
      options.onDone?.(result);
      return result;
    } catch (caught) {
      setError(caught);
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  function handler<T>(action: () => Promise<T>, options?: SubmitOptions<T>) {
    return (event: FormEvent) => {
      event.preventDefault();
      void run(action, options);
    };
  }

  return { busy, error, setError, run, handler };
}
