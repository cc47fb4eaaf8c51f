import { useEffect, useState } from 'react';
import { call, problemText } from '#client/lib/api-client.ts';
import {
  type SubscriberDetail as Subscriber,
  subscriberDetail,
} from '#shared/api/back-office-subscribers.ts';
import { consentSourceLabel, subscriberStatusLabels } from '#shared/consent-words.ts';
import { when } from './format.ts';
import { ScrollBox } from './ScrollBox.tsx';

const events = { 'signed-up': 'Signed up', confirmed: 'Confirmed', unsubscribed: 'Unsubscribed' };

/** A subscriber and the proof of their consent: which form, the words they saw, when and from where. */
export function SubscriberDetail({ email }: { email: string }) {
  const [subscriber, setSubscriber] = useState<Subscriber | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    call(subscriberDetail, { params: { email } })
      .then(setSubscriber)
      .catch((error) => setProblem(problemText(error)));
  }, [email]);

  if (!subscriber) return problem ? <p role="alert">{problem}</p> : <p>Loading…</p>;
  return (
    <article aria-labelledby="subscriber-title">
      <h1 id="subscriber-title">{subscriber.email}</h1>
      <p>
        Status: <strong>{subscriberStatusLabels[subscriber.status]}</strong>. Signed up{' '}
        {when(subscriber.createdAt)}.
      </p>
      <h2>Consent record</h2>
      <ScrollBox label="Consent record">
        <table className="bo-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">What</th>
              <th scope="col">Where</th>
              <th scope="col">Words shown</th>
              <th scope="col">IP address</th>
            </tr>
          </thead>
          <tbody>
            {subscriber.consents.map((consent) => (
              <tr key={`${consent.at}-${consent.event}`}>
                <td>{when(consent.at)}</td>
                <td>{events[consent.event]}</td>
                <td>{consentSourceLabel(consent.source)}</td>
                <td>{consent.wording ?? '—'}</td>
                <td>{consent.ipAddress ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </article>
  );
}
