import { type FormEvent, useState } from 'react';
import { call } from '#client/lib/api-client.ts';
import {
  clientsWon,
  makeWebhookSecret,
  readWebhook,
  type WebhookSettings as Settings,
  saveWebhook,
} from '#shared/api/back-office-handover.ts';
import { backOfficeApi } from '#shared/back-office.ts';
import { Feedback } from './Feedback.tsx';
import { when } from './format.ts';
import { NotLoaded } from './NotLoaded.tsx';
import { ScrollBox } from './ScrollBox.tsx';
import { useAction } from './useAction.ts';
import { useEndpoint } from './useEndpoint.ts';

const statusWords: Record<Settings['deliveries'][number]['status'], string> = {
  pending: 'Waiting to be tried again',
  delivered: 'Delivered',
  failed: 'Given up',
};

/**
 * The owner's webhook: where the site sends each accepted proposal for the firm's practice software, and
 * the secret each delivery is signed with, shown once when made. Below, the latest deliveries, and the
 * clients won as a CSV file (docs/api.md says how software pulls them itself).
 */
export function WebhookSettings() {
  const { data, problem, reload } = useEndpoint(readWebhook, {});
  if (!data) return <NotLoaded problem={problem} />;
  const changed = async () => {
    await reload();
  };
  return (
    <section aria-labelledby="webhook-title">
      <h1 id="webhook-title">Webhook</h1>
      <p>
        When a client accepts a proposal, the site sends their details, the services they took and the fees to
        this address, signed so that the receiving software can tell it came from here. A delivery that fails
        is tried again for about four hours.
      </p>
      <AddressForm url={data.url} onChanged={changed} />
      <Secret madeAt={data.secretMadeAt} onChanged={changed} />
      <Deliveries deliveries={data.deliveries} />
      <h2>Clients won</h2>
      <p>
        <a href={`${backOfficeApi}/${clientsWon.name}.csv`} download>
          Download every client won as CSV
        </a>{' '}
        (a line for each service, with fees in pence and pounds), for Xero Practice Manager, Karbon or
        TaxCalc.
      </p>
    </section>
  );
}

function AddressForm({ url, onChanged }: { url: string | null; onChanged: () => Promise<void> }) {
  const [typed, setTyped] = useState(url ?? '');
  const { status, problems, act } = useAction(onChanged);
  const save = (event: FormEvent) => {
    event.preventDefault();
    act(() => call(saveWebhook, { body: { url: typed } }));
  };
  return (
    <form className="bo-inline-form" onSubmit={save}>
      <label>
        Send accepted proposals to
        <input
          type="url"
          value={typed}
          placeholder="https://"
          maxLength={2000}
          onChange={(event) => setTyped(event.target.value)}
        />
      </label>
      <button type="submit" className="button">
        Save address
      </button>
      <Feedback status={status} problems={problems} />
    </form>
  );
}

function Secret({ madeAt, onChanged }: { madeAt: string | null; onChanged: () => Promise<void> }) {
  const [secret, setSecret] = useState<string | null>(null);
  const { status, problems, act } = useAction(onChanged);
  const make = () =>
    act(async () => {
      const answer = await call(makeWebhookSecret, {});
      setSecret(answer.secret);
      return answer;
    });
  return (
    <div>
      <h2>Signing secret</h2>
      <p>
        {madeAt
          ? `Made ${when(madeAt)}. It is not shown again: make a new one if it is lost.`
          : 'None yet: make one, and give it to the receiving software, before any delivery can be sent.'}
      </p>
      {secret && (
        <p>
          <code>{secret}</code>
        </p>
      )}
      <button type="button" className="button button--secondary" onClick={make}>
        {madeAt ? 'Make a new secret' : 'Make a secret'}
      </button>
      <Feedback status={status} problems={problems} />
    </div>
  );
}

function Deliveries({ deliveries }: { deliveries: Settings['deliveries'] }) {
  return (
    <>
      <h2>Latest deliveries</h2>
      {deliveries.length === 0 ? (
        <p>None yet.</p>
      ) : (
        <ScrollBox label="The latest deliveries">
          <table className="bo-table">
            <thead>
              <tr>
                <th scope="col">Proposal</th>
                <th scope="col">Accepted</th>
                <th scope="col">Status</th>
                <th scope="col">Tries</th>
                <th scope="col">Last problem</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((delivery) => (
                <tr key={`${delivery.reference}-${delivery.createdAt}`}>
                  <td>{delivery.reference}</td>
                  <td>{when(delivery.createdAt)}</td>
                  <td>{statusWords[delivery.status]}</td>
                  <td>{delivery.attempts}</td>
                  <td>{delivery.lastError ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </>
  );
}
