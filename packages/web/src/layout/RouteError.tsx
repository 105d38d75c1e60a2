import { Container } from '@mantine/core';
import { Component } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorState } from '../components/LoadStates.tsx';

interface BoundaryProps {
  children: ReactNode;
  /** A new value (the next navigation) clears the error. */
  resetKey: string;
}

class Boundary extends Component<BoundaryProps, { error: unknown; resetKey: string }> {
  override state = { error: undefined as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { error: undefined, resetKey: props.resetKey };
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <Container size="sm" py="xl">
        <ErrorState error={this.state.error} onRetry={() => window.location.reload()} />
      </Container>
    );
  }
}

/**
 * A render error or a failed page chunk (e.g. after a deploy): say so instead of a blank page.
 * Going elsewhere clears it. (A boundary of our own, not the data router's errorElement: the
 * data router would double react-router's weight on the sign-in screen.)
 */
export function RouteError({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <Boundary resetKey={location.key}>{children}</Boundary>;
}
