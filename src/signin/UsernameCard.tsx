/**
 * The username a person signs in with, said plainly, with a Copy button (registration shows it once; the
 * username is made from the business name, so nobody would guess it).
 */
import { useState } from 'react';

export function UsernameCard({ username }: { username: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(username);
      setCopied(true);
    } catch {
      // No clipboard permission (an insecure origin): select the text so Ctrl+C copies it.
      const el = document.getElementById('signin-username');
      if (el) window.getSelection()?.selectAllChildren(el);
    }
  };
  return (
    <div className="username-card">
      <p>
        Your username is{' '}
        <strong id="signin-username" data-testid="signin-username">
          {username}
        </strong>
      </p>
      <p>Sign in with this username (or with your email) and your password.</p>
      <button className="btn" type="button" onClick={() => void copy()} aria-describedby="signin-username">
        {copied ? 'Copied' : 'Copy username'}
      </button>
    </div>
  );
}
