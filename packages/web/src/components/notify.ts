import { notifications } from '@mantine/notifications';

export function notifyError(error: unknown): void {
  notifications.show({ color: 'red', message: error instanceof Error ? error.message : String(error), autoClose: 8000 });
}

export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message });
}
