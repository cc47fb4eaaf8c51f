import { type FormEvent, useCallback, useContext, useEffect, useState } from 'react';
import { ApiError, call, problemsOf } from '#client/lib/api-client.ts';
import { getArticle } from '#shared/api/back-office-articles.ts';
import {
  type Campaign,
  campaignDetail,
  campaignPreview,
  campaignPreviewPage,
  cancelCampaign,
  createCampaign,
  listCampaigns,
  sendCampaign,
  sendCampaignTest,
  updateCampaign,
} from '#shared/api/back-office-newsletter.ts';
import { pathWith } from '#shared/api/endpoint.ts';
import { renderMarkdown } from '#shared/markdown.ts';
import { campaignStatusWords, confirmedSubscribers, newsletterMessages } from '#shared/newsletter.ts';
import { Feedback } from './Feedback.tsx';
import { when } from './format.ts';
import { MarkdownField } from './MarkdownField.tsx';
import { Progress, pollMs } from './NewsletterScreen.tsx';
import { Link, navigate } from './router.tsx';
import { ownersOnly, YourRole } from './your-role.ts';

// One campaign, loaded with the screen that needs it so that the Markdown renderer of its live preview
// stays out of the rest of the back office.

/** One campaign: the composer with its live preview while a draft, then the email preview, test and send. */
export default function CampaignEditor({
  id,
  articleId = null,
}: {
  id: number | null;
  /** A new campaign started from this published article (its screen's "Send as the newsletter"). */
  articleId?: number | null;
}) {
  const [fromArticle, setFromArticle] = useState<string | null>(null);
  const owner = useContext(YourRole) === 'owner';
  const [campaign, setCampaign] = useState<Campaign | null>(null);
  const [subject, setSubject] = useState('');
  const [bodyMarkdown, setBody] = useState('');
  const [audience, setAudience] = useState<number | null>(null);
  const [preview, setPreview] = useState<{ text: string; drawnAt: number } | null>(null);
  const [at, setAt] = useState('');
  const [status, setStatus] = useState('');
  const [problems, setProblems] = useState<string[] | null>(null);

  const load = useCallback(async () => {
    if (id === null) return;
    const loaded = await call(campaignDetail, { params: { id: String(id) } });
    setCampaign(loaded);
    return loaded;
  }, [id]);
  useEffect(() => {
    load()
      .then((loaded) => {
        if (!loaded) return;
        setSubject(loaded.subject);
        setBody(loaded.bodyMarkdown);
      })
      .catch((error) => setProblems(problemsOf(error)));
    call(listCampaigns, {})
      .then((answer) => setAudience(answer.confirmedSubscribers))
      .catch(() => {});
  }, [load]);
  useEffect(() => {
    if (id !== null || articleId === null) return;
    call(getArticle, { params: { id: String(articleId) } })
      .then((article) => {
        setSubject(article.title);
        setBody(article.body);
        setFromArticle(article.title);
      })
      .catch((error) => setProblems(problemsOf(error)));
  }, [id, articleId]);
  useEffect(() => {
    if (campaign?.status !== 'sending') return;
    const timer = setInterval(() => void load().catch(() => {}), pollMs);
    return () => clearInterval(timer);
  }, [campaign?.status, load]);

  const act = async (action: () => Promise<string>) => {
    setProblems(null);
    setStatus('');
    try {
      setStatus(await action());
    } catch (error) {
      setProblems(problemsOf(error));
      // Refused because it changed elsewhere (sent from another tab, say): show it as it now is.
      await load().catch(() => {});
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      const body = { subject, bodyMarkdown, ...(fromArticle && { articleId }) };
      if (id === null) {
        const created = await call(createCampaign, { body });
        navigate(`newsletter/${created.id}`, { replace: true });
        return 'Draft saved.';
      }
      setCampaign(await call(updateCampaign, { params: { id: String(id) }, body }));
      setPreview(null);
      return 'Draft saved.';
    });
  };

  const showPreview = () =>
    act(async () => {
      if (id === null) return '';
      const { text } = await call(campaignPreview, { params: { id: String(id) } });
      setPreview({ text, drawnAt: Date.now() });
      return 'The preview below is the email as subscribers will get it.';
    });

  const sendTest = () =>
    act(async () => {
      if (id === null) return '';
      return (await call(sendCampaignTest, { params: { id: String(id) } })).infoMessages.join(' ');
    });

  const send = (schedule: boolean) => {
    if (id === null) return;
    const whom = audience === null ? 'all confirmed subscribers' : confirmedSubscribers(audience);
    const question = schedule
      ? `Schedule “${subject}” to go to ${whom} (as counted now) at ${at.replace('T', ' ')}?`
      : `Send “${subject}” now to ${whom}? This cannot be undone.`;
    if (!window.confirm(question)) return;
    void act(async () => {
      // Only the version this screen shows is sent: changed since (a member of staff saved it), the
      // server refuses, and the composer shows it as it now is.
      const updatedAt = campaign?.updatedAt ?? '';
      const body = schedule ? { at, updatedAt } : { updatedAt };
      const started = await call(sendCampaign, { params: { id: String(id) }, body }).catch(async (error) => {
        if (error instanceof ApiError && error.messages.includes(newsletterMessages.changedSinceOpened)) {
          // The composer shows it as it now is, unless it holds the owner's own unsaved words.
          const unsaved = subject !== campaign?.subject || bodyMarkdown !== campaign?.bodyMarkdown;
          const now = await load();
          if (now && !unsaved) {
            setSubject(now.subject);
            setBody(now.bodyMarkdown);
            setPreview(null);
          }
        }
        throw error;
      });
      setCampaign(started);
      return schedule ? `Scheduled for ${when(started.scheduledFor)}.` : 'Sending has started.';
    });
  };

  const cancel = () =>
    act(async () => {
      if (id === null) return '';
      setCampaign(await call(cancelCampaign, { params: { id: String(id) } }));
      return 'Cancelled. Nothing was sent.';
    });

  const editable = id === null || campaign?.status === 'draft';
  if (id !== null && !campaign) {
    return problems ? <Feedback status="" problems={problems} /> : <p>Loading…</p>;
  }
  return (
    <article aria-labelledby="campaign-title">
      <p>
        <Link to="newsletter">All newsletters</Link>
      </p>
      <h1 id="campaign-title">{id === null ? 'Write a newsletter' : campaign?.subject}</h1>
      {campaign && (
        <p>
          Status: <strong>{campaignStatusWords[campaign.status]}</strong>
          {campaign.scheduledFor && campaign.status === 'scheduled' && (
            <>, for {when(campaign.scheduledFor)}</>
          )}
          {campaign.createdBy && <>. Written by {campaign.createdBy}</>}.{' '}
          {campaign.status !== 'draft' && <Progress campaign={campaign} />}
          {campaign.archiveUrl && (
            <>
              {' '}
              <a href={campaign.archiveUrl}>See it in the archive</a>
            </>
          )}
        </p>
      )}
      {fromArticle && id === null && (
        <p>
          Starts from the article “{fromArticle}”: change what you like. The email ends with a link to read
          the article on the site.
        </p>
      )}
      {editable && (
        <form className="bo-form" onSubmit={save}>
          <label>
            Subject
            <input required maxLength={200} value={subject} onChange={(e) => setSubject(e.target.value)} />
          </label>
          <div className="bo-composer">
            <MarkdownField label="Text" value={bodyMarkdown} onChange={setBody} maxLength={100_000} />
            <section aria-label="Live preview" className="bo-live-preview prose">
              <h2>{subject || 'Subject'}</h2>
              <div
                // biome-ignore lint/security/noDangerouslySetInnerHtml: the shared renderer's HTML is safe by construction (raw HTML stays text)
                dangerouslySetInnerHTML={{ __html: renderMarkdown(bodyMarkdown, window.location.origin) }}
              />
            </section>
          </div>
          <button type="submit" className="button">
            Save draft
          </button>
        </form>
      )}
      {id !== null && (
        <div className="bo-inline-form">
          <button type="button" className="button button--secondary" onClick={() => void showPreview()}>
            Preview the email
          </button>
          <button type="button" className="button button--secondary" onClick={() => void sendTest()}>
            Send a test to me
          </button>
        </div>
      )}
      <Feedback status={status} problems={problems} />
      {campaign?.status === 'draft' && !owner && <p>{ownersOnly}</p>}
      {campaign?.status === 'draft' && owner && (
        <section aria-labelledby="send-title">
          <h2 id="send-title">Send</h2>
          <p>
            It will go to {audience === null ? 'the confirmed subscribers' : confirmedSubscribers(audience)},
            each once.
          </p>
          <div className="bo-inline-form">
            <button type="button" className="button" onClick={() => send(false)}>
              Send now
            </button>
            <label>
              Or at (UK time)
              <input type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
            </label>
            <button
              type="button"
              className="button button--secondary"
              disabled={!at}
              onClick={() => send(true)}
            >
              Schedule
            </button>
            <button type="button" className="button bo-danger" onClick={() => void cancel()}>
              Cancel this newsletter
            </button>
          </div>
        </section>
      )}
      {campaign?.status === 'scheduled' && owner && (
        <button type="button" className="button bo-danger" onClick={() => void cancel()}>
          Cancel the scheduled send
        </button>
      )}
      {preview && (
        <section aria-labelledby="preview-title">
          <h2 id="preview-title">The email as subscribers will get it</h2>
          {/* Its own page with its own policy: the site's pages allow no inline style, which emails need. */}
          <iframe
            key={preview.drawnAt}
            title="The email’s HTML part"
            sandbox=""
            src={pathWith(campaignPreviewPage.path, { id: String(id) })}
            className="bo-email-preview"
          />
          <h3>Text part</h3>
          <pre className="bo-email-text">{preview.text}</pre>
        </section>
      )}
    </article>
  );
}
