/**
 * /users: the business's staff (Name, User, Email, User type, Action) from the server, and the New user modal.
 * The list is small (the plan's user limit), so a plain table serves it.
 */
import { ACCOUNT_MESSAGES } from '../../commands/accounts';
import type { RoleLevel } from '../../commands/session';
import { Link } from '../router';
import type { ScreenProps } from '../screen';
import { useSession } from '../session';
import { NewUserModal } from './NewUserModal';
import { ListFrame } from './parts';
import { useApiList } from './useApiList';

type Staff = { _id: string; username: string; full_name: string; email: string; role: { level: RoleLevel; label: string } };

export function UsersScreen({ title }: ScreenProps) {
  const user = useSession();
  const { docs, error, reload } = useApiList<Staff>(user ? `users/${encodeURIComponent(user.business)}` : null);
  return (
    <ListFrame
      title={title}
      newLabel="New user"
      error={error}
      empty="You are still working alone. You can add other employees."
      count={docs?.length}
      reload={reload}
      modal={({ close, created }) =>
        user && <NewUserModal business={user.business} onClose={close} onCreated={(username) => created(ACCOUNT_MESSAGES.userCreated, `Username: ${username}`)} />
      }
    >
      <div className="data-table-wrap">
        <table className="data-table" data-testid="users-table">
          <thead>
            <tr>
              <th>Name</th>
              <th>User</th>
              <th>Email</th>
              <th>User type</th>
              <th>Action</th>
            </tr>
          </thead>
          <tbody>
            {docs?.map((d) => (
              <tr key={d._id}>
                <td>{d.full_name}</td>
                <td>{d.username}</td>
                <td>{d.email}</td>
                <td>{d.role.label}</td>
                <td>
                  <Link to={`/finance/users/${encodeURIComponent(d.username)}/`}>View</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ListFrame>
  );
}
