import { notifications } from '@mantine/notifications';
import { errorText } from '../api/error-text.ts';

export function notifyError(error: unknown): void {
  notifications.show({ color: 'red', message: errorText(error), autoClose: 8000 });
}

export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message });
}
