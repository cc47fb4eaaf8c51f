import { useEffect } from 'react';
import { type Campaign, listCampaigns } from '#shared/api/back-office-newsletter.ts';
import { campaignStatusWords, confirmedSubscribers } from '#shared/newsletter.ts';
import { Feedback } from './Feedback.tsx';
import { when } from './format.ts';
import { Link } from './router.tsx';
import { useEndpoint } from './useEndpoint.ts';

/** While a campaign is being sent, its progress is read again this often. */
export const pollMs = 2000;

export function Progress({ campaign }: { campaign: Campaign }) {
  const { recipients, queued, sent, failed, skipped } = campaign.progress;
  if (campaign.status === 'draft' || campaign.status === 'cancelled' || campaign.status === 'scheduled') {
    return <>—</>;
  }
  return (
    <>
      {sent} of {recipients} sent, {queued} queued, {failed} failed, {skipped} skipped (unsubscribed or
      bouncing)
    </>
  );
}

/** The list of campaigns, newest first, with their progress read live while any is being sent. */
export function NewsletterScreen() {
  const { data, problem, reload } = useEndpoint(listCampaigns, {});
  const campaigns = data?.items ?? null;
  const audience = data?.confirmedSubscribers ?? 0;
  const sending = campaigns?.some((c) => c.status === 'sending') ?? false;
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => void reload().catch(() => {}), pollMs);
    return () => clearInterval(timer);
  }, [sending, reload]);

  return (
    <section aria-labelledby="newsletter-title">
      <h1 id="newsletter-title">Newsletter</h1>
      <p className="prose">
        Write an issue, check it exactly as subscribers will see it, send yourself a test, then send it to{' '}
        {confirmedSubscribers(audience)} now or at a time you choose. Sent issues also appear in the archive
        on the site.
      </p>
      <p>
        <Link to="newsletter/new">Write a newsletter</Link>
      </p>
      <Feedback status="" problems={problem} />
      {campaigns === null ? (
        <p>Loading…</p>
      ) : campaigns.length === 0 ? (
        <p>No newsletter has been written yet.</p>
      ) : (
        <table className="bo-table bo-table--cards">
          <thead>
            <tr>
              <th scope="col">Subject</th>
              <th scope="col">Status</th>
              <th scope="col">When</th>
              <th scope="col">Progress</th>
            </tr>
          </thead>
          <tbody>
            {campaigns.map((campaign) => (
              <tr key={campaign.id}>
                <td data-label="Subject">
                  <Link to={`newsletter/${campaign.id}`}>{campaign.subject}</Link>
                </td>
                <td data-label="Status">{campaignStatusWords[campaign.status]}</td>
                <td data-label="When">
                  {when(campaign.sentAt ?? campaign.startedAt ?? campaign.scheduledFor ?? campaign.createdAt)}
                </td>
                <td data-label="Progress">
                  <Progress campaign={campaign} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
