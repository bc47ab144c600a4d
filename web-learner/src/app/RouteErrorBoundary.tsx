import { Component, type ReactNode } from 'react';
import { ErrorScreen } from './ErrorScreen';

interface Props {
  /** The error screen goes away when this changes (the visitor went elsewhere). */
  resetKey: string;
  children: ReactNode;
}

/** Shows the error screen in place of a screen that failed to render or whose code could not be loaded. */
export class RouteErrorBoundary extends Component<Props, { error: unknown; errorKey: string | null }> {
  state = { error: null as unknown, errorKey: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; errorKey: string | null }) {
    if (state.error === null) return null;
    if (state.errorKey === null) return { errorKey: props.resetKey };
    return state.errorKey === props.resetKey ? null : { error: null, errorKey: null };
  }

  render() {
    return this.state.error === null ? this.props.children : <ErrorScreen error={this.state.error} />;
  }
}
