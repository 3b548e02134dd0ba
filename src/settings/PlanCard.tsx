/**
 * The plan card (document 001 sections 2, 3 and 4): plan name, From (a trial) or Purchase date (a paid plan),
 * Duration, Until, and Cloud storage. Trial lasts 1 day by default; a paid plan is shown as lasting forever.
 */
import dayjs from 'dayjs';
import { formatDate } from '../../commands/lib/dates';
import { useConfig } from '../config';
import { useLive } from '../live';

export function PlanCard() {
  const cfg = useConfig();
  const { data: plan } = useLive('plan-get', {});
  const days = plan?.days ?? null;
  const until = plan?.from != null && days != null ? formatDate(dayjs(plan.from).add(days, 'day').valueOf()) : 'Forever';
  return (
    <section className="card plan-card" aria-labelledby="plan-title" data-testid="plan-card">
      <h2 id="plan-title">
        Current plan: <span data-testid="plan-name">{plan?.name ?? ''}</span>
      </h2>
      <dl className="plan-facts">
        <dt>{plan?.trial === false ? 'Purchase date' : 'From'}</dt>
        <dd data-testid="plan-from">{plan?.from != null ? formatDate(plan.from) : ''}</dd>
        <dt>Duration</dt>
        <dd data-testid="plan-duration">{plan ? (days == null ? 'Forever' : `${days} ${days === 1 ? 'day' : 'days'}`) : ''}</dd>
        <dt>Until</dt>
        <dd data-testid="plan-until">{plan ? until : ''}</dd>
        <dt>Cloud storage</dt>
        <dd data-testid="plan-cloud">{cfg.sync ? 'Available' : 'Off (data sync is off)'}</dd>
      </dl>
    </section>
  );
}
