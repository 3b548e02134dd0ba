/**
 * Screens load per area on first visit (esbuild code splitting): the route table names each screen with
 * lazyScreen(() => import('./area/Screen').then((m) => m.Screen)), so the sign-in screen does not download
 * the whole app. While the chunk loads the screen area shows 'Loading…'; a chunk that fails to arrive (offline
 * before the service worker cached it, the server gone, or no answer within the spec's 120 s chunk load
 * timeout) shows CHUNK_FAILED with a button that tries again.
 */
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import type { ScreenProps } from './screen';

/** The spec's chunk load timeout (document 000 section 9). */
export const CHUNK_TIMEOUT_MS = 120_000;
export const CHUNK_FAILED = 'This screen could not be loaded. Check your connection, then try again.';

type Loader = () => Promise<ComponentType<ScreenProps>>;

/** A screen's code did not arrive. Any other error is the screen's own and passes through the boundary. */
class ChunkLoadError extends Error {}

function loadWithin(load: Loader, ms: number): Promise<{ default: ComponentType<ScreenProps> }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`no answer within ${ms / 1000} s`)), ms);
    load()
      .then((screen) => resolve({ default: screen }), (e: unknown) => reject(new ChunkLoadError(String(e))))
      .finally(() => clearTimeout(timer));
  });
}

type BoundaryProps = { onRetry: () => void; children: ReactNode };

class ChunkBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state = { error: undefined as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (!(error instanceof ChunkLoadError)) throw error;
    return (
      <div className="chunk-failed" role="alert">
        <p>{CHUNK_FAILED}</p>
        <button type="button" className="btn" onClick={this.props.onRetry} autoFocus>
          Try again
        </button>
      </div>
    );
  }
}

export function lazyScreen(load: Loader): ComponentType<ScreenProps> {
  // One lazy component per attempt: React.lazy remembers a failure, so a retry needs a fresh one.
  let Screen = lazy(() => loadWithin(load, CHUNK_TIMEOUT_MS));
  return function LazyScreen(props: ScreenProps) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Screen = lazy(() => loadWithin(load, CHUNK_TIMEOUT_MS));
      setAttempt((n) => n + 1);
    };
    return (
      <ChunkBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<p className="loading">Loading…</p>}>
          <Screen {...props} />
        </Suspense>
      </ChunkBoundary>
    );
  };
}
