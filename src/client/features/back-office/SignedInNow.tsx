import { backOfficeSummary } from '#shared/api/back-office-overview.ts';
import { when } from './format.ts';
import { ScrollBox } from './ScrollBox.tsx';
import { useEndpoint } from './useEndpoint.ts';

/** Who is signed in now, by name (or address), most recently active first: on the owners' Staff screen. */
export function SignedInNow() {
  const { data: summary, problem } = useEndpoint(backOfficeSummary, {});
  return (
    // Not a region of its own: the table's scroll box is one, by the same name.
    <div>
      <h2>Signed in now</h2>
      {problem && <p role="alert">{problem}</p>}
      <ScrollBox label="Signed in now">
        <table className="bo-table bo-table--cards">
          <thead>
            <tr>
              <th scope="col">Who</th>
              <th scope="col">Since</th>
              <th scope="col">Last active</th>
              <th scope="col">Remembered</th>
            </tr>
          </thead>
          <tbody>
            {(summary?.signedIn ?? []).map((entry) => (
              <tr key={`${entry.email}-${entry.since}`}>
                <td data-label="Who">{entry.name ?? entry.email}</td>
                <td data-label="Since">{when(entry.since)}</td>
                <td data-label="Last active">{when(entry.lastSeen)}</td>
                <td data-label="Remembered">{entry.kind === 'remembered' ? 'Yes, 30 days' : 'No'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </div>
  );
}
