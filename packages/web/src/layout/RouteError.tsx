import { Container } from '@mantine/core';
import { useRouteError } from 'react-router';
import { ErrorState } from '../components/PageState.tsx';

/** A render error or a failed page chunk (e.g. after a deploy): say so instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  return (
    <Container size="sm" py="xl">
      <ErrorState error={error} onRetry={() => window.location.reload()} />
    </Container>
  );
}
