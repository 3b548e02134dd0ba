import { CHEAT_SHEET } from './keys';

/** The on-screen list of the quick sale's keys (from the same table the handler follows). */
export function CheatSheet() {
  return (
    <details className="cheat-sheet" open>
      <summary>Keys</summary>
      <dl>
        {CHEAT_SHEET.map(([keys, action]) => (
          <div key={keys}>
            <dt>
              <kbd>{keys}</kbd>
            </dt>
            <dd>{action}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
