/** /not-found: the return link goes to the first menu entry the user's level allows (spec, both documents). */
import { useConfig } from '../config';
import { Link } from '../router';
import { useSession } from '../session';
import { homePath } from './menu';

export function NotFound() {
  const user = useSession();
  const cfg = useConfig();
  return (
    <main className="not-found">
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or could not be loaded.</p>
      <Link to={homePath(user?.level, cfg)} className="btn btn-primary" data-testid="return-home">
        Return home
      </Link>
    </main>
  );
}
