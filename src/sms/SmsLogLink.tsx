/** The way to the SMS log, for the owner (the Settings level): the settings screen's SMS card places it. */
import { Link } from '../router';
import { useSession } from '../session';

export const SMS_LOG_PATH = '/settings/sms';

export function SmsLogLink({ className }: { className?: string }) {
  const user = useSession();
  if (user?.level !== 0) return null;
  return (
    <Link to={SMS_LOG_PATH} className={className} data-testid="sms-log-link">
      SMS log
    </Link>
  );
}
