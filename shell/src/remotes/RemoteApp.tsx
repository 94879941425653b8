import { Component, lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { preloadFailed } from '@portal/api-client/early';
import { Button } from '@portal/ui/button';
import { Spinner } from '@portal/ui/spinner';
import { texts } from '../texts';
import { loadRemoteApp, type RemoteName } from './load-remote';

class RemoteBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="ui-page-center" role="alert">
        <h1 className="shell-remote-error__title">{texts.remote.failed}</h1>
        <p>{texts.remote.hint}</p>
        <Button onClick={this.props.onRetry}>{texts.remote.retry}</Button>
      </section>
    );
  }
}

/** A remote app loaded at run time; if it cannot load, an error panel with a retry button. */
export function RemoteApp({ name }: { name: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const RemoteRoot = useMemo(() => lazy(() => loadRemoteApp(name, attempt > 0)), [name, attempt]);
  return (
    <RemoteBoundary key={attempt} onRetry={() => (preloadFailed() ? window.location.reload() : setAttempt((count) => count + 1))}>
      <Suspense
        fallback={
          <div className="ui-page-center">
            <Spinner size="lg" label={texts.remote.loading} />
          </div>
        }
      >
        <RemoteRoot />
      </Suspense>
    </RemoteBoundary>
  );
}
