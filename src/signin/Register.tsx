/**
 * /authentication/register (query force or affiliate): Business Name, Full name, Phone number, Email,
 * Password. With a remembered user and neither query, goes to the lock screen. After the business is
 * created it shows the username the server made from the business name (what to sign in with, with a Copy
 * button) while it logs in automatically (up to 3 tries), then goes by itself to /authentication/finished (the
 * spec's 'Logging you in', which shows the username too), or to the login screen with the username on failure.
 */
import { useEffect, useState } from 'react';
import { ACCOUNT_MESSAGES, DEFAULT_PHONE_PREFIX, registrationProblem } from '../../commands/accounts';
import { Link, navigate, useRoute } from '../router';
import type { ScreenProps } from '../screen';
import { USER_KEY } from '../session';
import { ErrorAlert, TextField } from '../ui/fields';
import { LOGIN_PATH, LOCK_PATH, setLoginNotice, finishedPath } from './paths';
import { createBusiness, fetchProfile, serverLogin } from './server-api';
import { completeSignIn } from './session-flow';
import { UsernameCard } from './UsernameCard';

const AUTO_LOGIN_TRIES = 3;

export function RegisterScreen(_props: ScreenProps) {
  const { query } = useRoute();
  const affiliate = query.get('affiliate') ?? '';
  const force = query.has('force');
  const [name, setName] = useState('');
  const [owner, setOwner] = useState('');
  const [phone, setPhone] = useState(DEFAULT_PHONE_PREFIX);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const [username, setUsername] = useState('');

  useEffect(() => {
    if (localStorage.getItem(USER_KEY) && !force && !affiliate) navigate(LOCK_PATH, { replace: true });
  }, [force, affiliate]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const fields = { name: name.trim(), owner: owner.trim(), phone: phone.trim(), email: email.trim(), password };
    const problem = registrationProblem(fields);
    setError(problem ?? '');
    if (problem) return;
    setBusy(true);
    const created = await createBusiness({ ...fields, joined: String(Date.now()), ...(affiliate ? { referrer: affiliate } : {}) });
    if (!created.ok) {
      setBusy(false);
      setError(created.status >= 400 && created.status < 500 && created.message ? created.message : ACCOUNT_MESSAGES.registerFailed);
      return;
    }
    setUsername(created.body.username);
    for (let attempt = 1; attempt <= AUTO_LOGIN_TRIES; attempt++) {
      const login = await serverLogin(created.body.username, password);
      const profile = login.ok ? await fetchProfile() : undefined;
      if (profile?.ok) {
        await completeSignIn(profile.body, password);
        // The spec's Finished screen ('Logging you in', then on by itself); it shows the username too.
        navigate(finishedPath(profile.body.business, created.body.username), { replace: true });
        return;
      }
      setNotice(ACCOUNT_MESSAGES.autoLoginRetry(attempt));
    }
    // The spec: on failure, the login screen with an error (which names the username).
    setLoginNotice(`${ACCOUNT_MESSAGES.loginFailed}. Your username is ${created.body.username}.`);
    navigate(LOGIN_PATH, { replace: true });
  };

  if (username) {
    return (
      <div className="signin">
        <div className="card signin-card" aria-label="Your account is ready" role="region">
          <h1>Your account is ready</h1>
          {notice && (
            <div className="alert" role="status">
              {notice}
            </div>
          )}
          <UsernameCard username={username} />
          <p role="status">Signing you in…</p>
        </div>
      </div>
    );
  }

  return (
    <div className="signin">
      <form className="card signin-card" onSubmit={submit} noValidate aria-label="Register">
        <h1>Create your business account</h1>
        <ErrorAlert message={error} />
        {notice && (
          <div className="alert" role="status">
            {notice}
          </div>
        )}
        <TextField label="Business Name" value={name} onChange={setName} required input={{ autoFocus: true, autoComplete: 'organization' }} />
        <TextField label="Full name" value={owner} onChange={setOwner} required input={{ autoComplete: 'name' }} />
        <TextField label="Phone number" type="tel" value={phone} onChange={setPhone} required input={{ autoComplete: 'tel' }} />
        <TextField label="Email" type="email" value={email} onChange={setEmail} required input={{ autoComplete: 'email' }} />
        <TextField label="Password" type="password" value={password} onChange={setPassword} required input={{ autoComplete: 'new-password' }} />
        <button className="btn btn-primary" type="submit" disabled={busy}>
          Register
        </button>
        <p>
          Already have an account? <Link to={LOGIN_PATH}>Login</Link>
        </p>
      </form>
      <aside className="card signin-features" aria-label="Features">
        <h2>Everything your shop needs</h2>
        <ul>
          <li>Sales, quick sale and invoices</li>
          <li>Purchases, store, warehouses and expiry</li>
          <li>Customers, suppliers, banks and cashbook</li>
          <li>Staff with their own roles, and branch offices</li>
          <li>Works offline; syncs when you are online</li>
        </ul>
      </aside>
    </div>
  );
}
