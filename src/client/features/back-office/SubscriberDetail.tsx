import { useState } from 'react';
import { call, problemText } from '#client/lib/api-client.ts';
import {
  resendSubscriberConfirmation,
  subscriberDetail,
  unsubscribeSubscriber,
} from '#shared/api/back-office-subscribers.ts';
import {
  consentActorLabel,
  consentEventLabels,
  consentSourceLabel,
  subscriberStatusLabels,
} from '#shared/consent-words.ts';
import { Feedback } from './Feedback.tsx';
import { when } from './format.ts';
import { NotLoaded } from './NotLoaded.tsx';
import { ScrollBox } from './ScrollBox.tsx';
import { useEndpoint } from './useEndpoint.ts';

const campaignOutcome = {
  queued: 'Waiting to be sent',
  sent: 'Sent',
  failed: 'Refused by their mail server',
  skipped: 'Not sent: they had left the list',
};

/**
 * A subscriber and the proof of their consent: which form, the words they saw, when and from where; with
 * unsubscribing them (without erasing) and, before they confirm, sending the confirmation again.
 */
export function SubscriberDetail({ email }: { email: string }) {
  const {
    data: subscriber,
    problem: loadProblem,
    reload,
  } = useEndpoint(subscriberDetail, { params: { email } });
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const act = async (action: () => Promise<{ infoMessages: string[] }>) => {
    setProblem(null);
    setStatus('');
    try {
      setStatus((await action()).infoMessages.join(' '));
      await reload();
    } catch (error) {
      setProblem(problemText(error));
    }
  };

  if (!subscriber) return <NotLoaded problem={loadProblem} />;
  const params = { email: subscriber.email };
  return (
    <article aria-labelledby="subscriber-title">
      <h1 id="subscriber-title">{subscriber.email}</h1>
      <p>
        Status: <strong>{subscriberStatusLabels[subscriber.status]}</strong>. Signed up{' '}
        {when(subscriber.createdAt)}
        {subscriber.confirmedAt && <>, confirmed {when(subscriber.confirmedAt)}</>}
        {subscriber.unsubscribedAt && <>, unsubscribed {when(subscriber.unsubscribedAt)}</>}.
      </p>
      {subscriber.bouncing && (
        <p>
          <strong>Bouncing:</strong> their mail server refused {subscriber.refusals} newsletters for good, so
          no more campaigns go to this address.
        </p>
      )}
      <div className="bo-inline-form">
        {subscriber.status === 'pending' && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void act(() => call(resendSubscriberConfirmation, { params }))}
          >
            Send the confirmation email again
          </button>
        )}
        {subscriber.status !== 'unsubscribed' && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              if (window.confirm(`Unsubscribe ${subscriber.email}? They will get no more newsletters.`)) {
                void act(() => call(unsubscribeSubscriber, { params }));
              }
            }}
          >
            Unsubscribe {subscriber.email}
          </button>
        )}
      </div>
      <Feedback status={status} problems={problem} />
      <h2>Consent record</h2>
      <ScrollBox label="Consent record">
        <table className="bo-table bo-table--cards">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">What</th>
              <th scope="col">Where</th>
              <th scope="col">Words shown</th>
              <th scope="col">Who, from where</th>
            </tr>
          </thead>
          <tbody>
            {subscriber.consents.map((consent) => (
              <tr key={`${consent.at}-${consent.event}`}>
                <td data-label="When">{when(consent.at)}</td>
                <td data-label="What">{consentEventLabels[consent.event]}</td>
                <td data-label="Where">{consentSourceLabel(consent.source)}</td>
                <td data-label="Words shown">{consent.wording ?? '—'}</td>
                <td data-label="Who, from where">{consentActorLabel(consent.actor, consent.ipAddress)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <h2>Newsletters sent</h2>
      {subscriber.campaigns.length === 0 ? (
        <p>No newsletter has been sent to this address.</p>
      ) : (
        <ScrollBox label="Newsletters sent">
          <table className="bo-table bo-table--cards">
            <thead>
              <tr>
                <th scope="col">Newsletter</th>
                <th scope="col">Outcome</th>
                <th scope="col">When</th>
              </tr>
            </thead>
            <tbody>
              {subscriber.campaigns.map((campaign) => (
                <tr key={`${campaign.queuedAt}-${campaign.subject}`}>
                  <td data-label="Newsletter">{campaign.subject}</td>
                  <td data-label="Outcome">{campaignOutcome[campaign.status]}</td>
                  <td data-label="When">{when(campaign.sentAt ?? campaign.queuedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </article>
  );
}
