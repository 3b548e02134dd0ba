/**
 * /authentication/finished: 'Logging you in' with a progress bar while the first sync brings the business's
 * data down; at full progress, 'You're in' with a Proceed link, and /cashbook (or the level's first menu
 * entry) after 500 ms. Progress completes when sync pauses (caught up), stops or fails (offline use).
 * Without an id (the business signed in to) or a signed-in user, there is nothing to finish: the login screen.
 */
import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { syncState } from '../events';
import { Link, navigate, useRoute } from '../router';
import type { ScreenProps } from '../screen';
import { useSession } from '../session';
import { LOGIN_PATH, landingPath } from './paths';
import { UsernameCard } from './UsernameCard';

const STEP_MS = 150;
/** Never keep someone waiting longer than this for the first sync; the rest arrives in the background. */
const MAX_WAIT_MS = 15000;
const REDIRECT_MS = 500;

export function FinishedScreen(_props: ScreenProps) {
  useSignals();
  const user = useSession();
  const { query } = useRoute();
  const id = query.get('id');
  // After a registration: the username the server made, shown while the first sync runs.
  const username = query.get('username');
  const [progress, setProgress] = useState(5);
  const [waitedLongEnough, setWaitedLongEnough] = useState(false);
  const state = syncState.value.state;
  const caughtUp = state === 'paused' || state === 'error' || waitedLongEnough;
  const done = progress >= 100;

  useEffect(() => {
    if (!user || !id) navigate(LOGIN_PATH, { replace: true });
  }, [user, id]);

  // A timer of its own: the progress bar stops re-rendering at 90 %, so a check made while rendering would
  // never see the time run out.
  useEffect(() => {
    const timer = setTimeout(() => setWaitedLongEnough(true), MAX_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (done) return;
    const timer = setTimeout(() => setProgress((p) => (caughtUp ? 100 : Math.min(90, p + 5))), STEP_MS);
    return () => clearTimeout(timer);
  }, [progress, caughtUp, done]);

  useEffect(() => {
    if (!done || !user || !id) return;
    const timer = setTimeout(() => navigate(landingPath(user.level)), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, user]);

  return (
    <div className="signin">
      <div className="card signin-card" aria-live="polite">
        {done ? (
          <>
            <h1>You're in</h1>
            <Link to={user ? landingPath(user.level) : LOGIN_PATH} className="btn btn-primary">
              Proceed
            </Link>
          </>
        ) : (
          <>
            <h1>Logging you in</h1>
            <progress className="progress" max={100} value={progress} aria-label="Logging you in" />
            {username && <UsernameCard username={username} />}
          </>
        )}
      </div>
    </div>
  );
}
