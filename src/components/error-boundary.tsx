import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorState } from './states/states';

interface Props {
  children: ReactNode;
  /** What to show instead of the crashed part; gets a reset function. */
  fallback?: (reset: () => void) => ReactNode;
  /** Changing this value resets the boundary (e.g. the active tab). */
  resetKey?: unknown;
}

interface State {
  failed: boolean;
  resetKey: unknown;
}

/**
 * Catches render errors so a bug shows a calm message instead of a blank page; the error itself
 * goes to the console, never to the screen.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { failed: false, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Ngiti: a view crashed', error, info.componentStack);
  }

  reset = () => this.setState({ failed: false });

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.props.fallback) return this.props.fallback(this.reset);
    return (
      <ErrorState title="Something went wrong." onRetry={() => window.location.reload()} retryLabel="Reload">
        Reload the page to continue. If this keeps happening, tell your clinic administrator.
      </ErrorState>
    );
  }
}
