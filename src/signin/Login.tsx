/**
 * /authentication/login: Username and Password; success goes to /authentication/finished. The username field
 * also takes the email the account was registered with (the server names the username it belongs to).
 */
import { useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../commands/accounts';
import { Link, navigate } from '../router';
import type { ScreenProps } from '../screen';
import { ErrorAlert, TextField } from '../ui/fields';
import { REGISTER_PATH, finishedPath, takeLoginNotice } from './paths';
import { fetchProfile, loginName, serverLogin } from './server-api';
import { completeSignIn } from './session-flow';

export function LoginScreen(_props: ScreenProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState(takeLoginNotice);
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !password) {
      setError(ACCOUNT_MESSAGES.allRequired);
      return;
    }
    setBusy(true);
    const name = await loginName(username, password);
    const login = name.ok ? await serverLogin(name.body.username, password) : name;
    const profile = login.ok ? await fetchProfile() : undefined;
    if (!profile?.ok) {
      setBusy(false);
      // 429: too many wrong passwords; the server's text says how long to wait.
      const locked = !login.ok && login.status === 429 ? login.message : undefined;
      setError(locked ?? (!login.ok && login.status === 401 ? ACCOUNT_MESSAGES.badLogin : ACCOUNT_MESSAGES.loginFailed));
      return;
    }
    await completeSignIn(profile.body, password);
    navigate(finishedPath(profile.body.business));
  };

  return (
    <div className="signin">
      <form className="card signin-card" onSubmit={submit} noValidate aria-label="Login">
        <h1>Login</h1>
        <ErrorAlert message={error} />
        <TextField
          label="Username"
          hint="Your username, or the email you registered with"
          value={username}
          onChange={setUsername}
          required
          input={{ autoFocus: true, autoComplete: 'username', autoCapitalize: 'none' }}
        />
        <TextField label="Password" type="password" value={password} onChange={setPassword} required input={{ autoComplete: 'current-password' }} />
        <button className="btn btn-primary" type="submit" disabled={busy}>
          Login
        </button>
        <p>
          New here? <Link to={`${REGISTER_PATH}?force=true`}>Create account</Link>
        </p>
      </form>
    </div>
  );
}
