/**
 * Screens load per area on first visit (esbuild code splitting): the route table names each screen with
 * lazyScreen(() => import('./area/Screen').then((m) => m.Screen)), so the sign-in screen does not download
 * the whole app. While the chunk loads the screen area shows 'Loading…'; a chunk that fails to arrive (offline
 * before the service worker cached it, the server gone, or no answer within the spec's 120 s chunk load
 * timeout) shows CHUNK_FAILED with a button that tries again.
 *
 * A screen can also be loaded ahead: `lazyScreen(load, { next: () => [Other] })` fetches Other's chunk once this
 * screen has shown (the quick sale and the sale form fetch the receipt's), and a screen whose code is already here
 * renders at once, without suspending. That matters beyond the fetch: once a Suspense fallback has shown, React
 * (19) holds back the screen that replaces it until 300 ms after the fallback appeared (FALLBACK_THROTTLE_MS), so
 * a lazily loaded receipt took at least 300 ms after a sale was saved however fast its chunk came (issue 31).
 */
import { Component, lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
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

/** A screen that loads with its chunk; `preload()` fetches the chunk ahead (a failure is left to the first visit). */
export type LazyScreen = ComponentType<ScreenProps> & { preload(): Promise<void> };

/**
 * Loads `next` screens' chunks once the screen beside it has shown: an effect inside the Suspense boundary runs
 * only when the boundary's content commits. Then in an idle moment, so the screen's own first work goes first.
 */
function LoadNext({ next }: { next: () => readonly LazyScreen[] }) {
  useEffect(() => {
    const go = () => next().forEach((s) => void s.preload());
    if (typeof requestIdleCallback !== 'function') {
      const t = setTimeout(go, 0);
      return () => clearTimeout(t);
    }
    const id = requestIdleCallback(go, { timeout: 1000 });
    return () => cancelIdleCallback(id);
  }, [next]);
  return null;
}

/** `next`: the screens this one usually leads to (a sale's screens to its receipt), loaded once it has shown. */
export function lazyScreen(load: Loader, options: { next?: () => readonly LazyScreen[] } = {}): LazyScreen {
  /** The screen once its chunk has arrived (by a visit or a preload). */
  let loaded: ComponentType<ScreenProps> | undefined;
  /** The fetch under way, shared by a preload and a visit; cleared on failure so a retry fetches again. */
  let pending: Promise<{ default: ComponentType<ScreenProps> }> | undefined;
  const fetchScreen = () =>
    (pending ??= loadWithin(load, CHUNK_TIMEOUT_MS).then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (e: unknown) => {
        pending = undefined;
        throw e;
      },
    ));
  // One lazy component per attempt: React.lazy remembers a failure, so a retry needs a fresh one.
  let Screen = lazy(fetchScreen);
  function LazyScreen(props: ScreenProps) {
    const [attempt, setAttempt] = useState(0);
    // Chosen when the screen mounts (and on a retry), then kept: switching component types under a mounted screen
    // would remount it and lose its state.
    const [Chosen, setChosen] = useState<ComponentType<ScreenProps>>(() => loaded ?? Screen);
    const retry = () => {
      Screen = lazy(fetchScreen);
      setChosen(() => Screen);
      setAttempt((n) => n + 1);
    };
    return (
      <ChunkBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<p className="loading">Loading…</p>}>
          <Chosen {...props} />
          {options.next && <LoadNext next={options.next} />}
        </Suspense>
      </ChunkBoundary>
    );
  }
  LazyScreen.preload = () =>
    loaded
      ? Promise.resolve()
      : fetchScreen().then(
          () => undefined,
          () => undefined,
        );
  return LazyScreen;
}
