/** The SMS unit balance on /settings, with Buy SMS (the modal) and the way to the SMS log. */
import { useState } from 'react';
import { useLive } from '../live';
import { useSession } from '../session';
import { SmsLogLink } from '../sms/SmsLogLink';
import { BuySmsModal } from './BuySmsModal';

export function SmsCard() {
  const user = useSession();
  const { data } = useLive('sms-balance', {});
  const [open, setOpen] = useState(false);
  const [bought, setBought] = useState('');
  return (
    <section className="card sms-card" aria-labelledby="sms-card-title" data-testid="sms-card">
      <h2 id="sms-card-title">SMS units</h2>
      <p>
        Balance: <strong data-testid="settings-sms-balance">{data?.balance ?? ''}</strong> units
      </p>
      {bought && (
        <div className="alert alert-success" role="status">
          {bought}
        </div>
      )}
      <div className="screen-actions">
        <button type="button" className="btn btn-primary" onClick={() => setOpen(true)} data-testid="buy-sms">
          Buy SMS
        </button>
        <SmsLogLink className="btn" />
      </div>
      {open && user && (
        <BuySmsModal
          business={user.business}
          onClose={() => setOpen(false)}
          onBought={(units) => {
            setOpen(false);
            setBought(`${units} units were added. The balance updates as soon as this device syncs.`);
          }}
        />
      )}
    </section>
  );
}
