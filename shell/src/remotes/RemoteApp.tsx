import { Component, startTransition, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { preloadFailed } from '@portal/api-client/early';
import { Button } from '@portal/ui/button';
import { Spinner } from '@portal/ui/spinner';
import { texts } from '../texts';
import { loadRemoteApp, type RemoteModule, type RemoteName } from './load-remote';

function RemoteFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="ui-page-center" role="alert">
      <h1 className="shell-remote-error__title">{texts.remote.failed}</h1>
      <p>{texts.remote.hint}</p>
      <Button onClick={onRetry}>{texts.remote.retry}</Button>
    </section>
  );
}

/** A remote that loaded but failed while drawing: the same panel. */
class RemoteBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <RemoteFailed onRetry={this.props.onRetry} /> : this.props.children;
  }
}

/** Which attempt the state is about, and what it gave: the app, a failure, or nothing yet. */
interface Loading {
  attempt: number;
  Root?: ComponentType;
  failed?: boolean;
}

/**
 * A remote app loaded at run time; if it cannot load, an error panel with a retry button. The
 * app is drawn as soon as it arrives, by a state change rather than a Suspense boundary, which
 * React would hold back until 300 ms after its spinner appeared.
 */
export function RemoteApp({ name, module = 'App' }: { name: RemoteName; module?: RemoteModule }) {
  const [attempt, setAttempt] = useState(0);
  const [loading, setLoading] = useState<Loading>({ attempt });
  useEffect(() => {
    let current = true;
    loadRemoteApp(name, attempt > 0, module).then(
      // A transition: React draws the app in slices, yielding to the browser between them.
      (remote) => current && startTransition(() => setLoading({ attempt, Root: remote.default })),
      () => current && setLoading({ attempt, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [name, module, attempt]);

  const retry = () => (preloadFailed() ? window.location.reload() : setAttempt((count) => count + 1));
  const { Root, failed } = loading.attempt === attempt ? loading : {};
  if (failed) return <RemoteFailed onRetry={retry} />;
  if (!Root) {
    return (
      <div className="ui-page-center">
        <Spinner size="lg" label={texts.remote.loading} />
      </div>
    );
  }
  return (
    <RemoteBoundary key={attempt} onRetry={retry}>
      <Root />
    </RemoteBoundary>
  );
}
