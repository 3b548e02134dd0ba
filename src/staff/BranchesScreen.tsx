/** /branches: the business's branch offices (S/N, Date added, Branch name, enter link) and the New branch modal. */
import { formatDate } from '../../commands/lib/dates';
import { Link } from '../router';
import type { ScreenProps } from '../screen';
import { useSession } from '../session';
import { NewBranchModal } from './NewBranchModal';
import { ListFrame } from './parts';
import { useApiList } from './useApiList';

type Branch = { _id: string; name: string; joined: number };

export function BranchesScreen({ title }: ScreenProps) {
  const user = useSession();
  const { docs, error, reload } = useApiList<Branch>(user ? `branch/${encodeURIComponent(user.business)}` : null);
  return (
    <ListFrame
      title={title}
      newLabel="New branch"
      error={error}
      empty="You still do not have any other branch. Link them up now."
      count={docs?.length}
      reload={reload}
      modal={({ close, created }) =>
        user && <NewBranchModal parent={user.business} onClose={close} onCreated={(username) => created('Branch created', `The branch manager logs in as ${username}.`)} />
      }
    >
      <div className="data-table-wrap">
        <table className="data-table" data-testid="branches-table">
          <thead>
            <tr>
              <th>S/N</th>
              <th>Date added</th>
              <th>Branch name</th>
              <th>Action</th>
            </tr>
          </thead>
          <tbody>
            {docs?.map((d, i) => (
              <tr key={d._id}>
                <td>{i + 1}</td>
                <td>{formatDate(d.joined)}</td>
                <td>{d.name}</td>
                <td>
                  <Link to={`/branch/${encodeURIComponent(d._id)}/`}>Enter</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ListFrame>
  );
}
