/**
 * /branch/{id}/: the owner switches this device to a branch (or back to their own business). Allowed only
 * when the branch's parent is the user's own business; otherwise the 'unauthorized' alert. An address of no
 * business at all (a typo, a removed link: the server answers 404) says so plainly on the page instead, with
 * the way back to Branch offices.
 */
import { useEffect, useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../commands/accounts';
import { Link, navigate } from '../router';
import type { ScreenProps } from '../screen';
import { session, signIn } from '../session';
import { apiGet, fetchProfile } from '../signin/server-api';
import { landingPath } from '../signin/paths';
import { currentLockRecord } from '../signin/lock-record';
import { startSync } from '../signin/session-flow';
import { alertDialog } from '../ui/dialogs';

type BusinessInfo = { _id: string; name: string; branch: { of: string; name: string } | null };

/** 'missing' when no business has this id. */
async function enter(id: string): Promise<'missing' | void> {
  const user = session.value;
  if (!user) return;
  const [me, target] = await Promise.all([fetchProfile(), apiGet<BusinessInfo>(`business/${encodeURIComponent(id)}`)]);
  const home = me.ok ? me.body : undefined;
  const allowed = home && target.ok && (target.body._id === home.business || target.body.branch?.of === home.business);
  if (!allowed || !target.ok || !home) {
    if (!target.ok && target.status === 404) return 'missing';
    await alertDialog({ title: ACCOUNT_MESSAGES.unauthorized });
    navigate('/branches', { replace: true });
    return;
  }
  // The same person goes on in another business: hand the branch's sync this device's credential (when its lock
  // record is open here), so a refusal while the branch's databases settle is retried by renewing the session
  // rather than ending in 'sign in again'.
  const record = await currentLockRecord();
  await signIn({ ...user, business: target.body._id, businessName: target.body.name });
  void startSync(user.username, record?.username === user.username && record.device ? { device: record.device } : {});
  navigate(landingPath(user.level), { replace: true });
}

export function EnterBranchScreen({ params }: ScreenProps) {
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    setMissing(false);
    void enter(params.id).then((r) => setMissing(r === 'missing'));
  }, [params.id]);
  if (missing) {
    return (
      <section className="screen" data-testid="branch-missing">
        <h1>Branch not found</h1>
        <p>No branch office has this address. Check the link, or pick the branch from Branch offices.</p>
        <Link to="/branches" className="btn btn-primary">
          Branch offices
        </Link>
      </section>
    );
  }
  return <p aria-live="polite">Opening the branch…</p>;
}
