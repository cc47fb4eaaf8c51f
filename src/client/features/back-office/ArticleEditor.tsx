import { type ChangeEvent, type FormEvent, useContext, useEffect, useRef, useState } from 'react';
import { ApiError, call, problemsOf } from '#client/lib/api-client.ts';
import { base64Of } from '#client/lib/base64.ts';
import {
  type Article,
  type ArticleDraft,
  type ArticleRevision,
  createArticle,
  discardArticleRevision,
  getArticle,
  listArticles,
  publishArticle,
  publishArticleRevision,
  saveArticle,
  scheduleArticle,
  unpublishArticle,
  uploadArticleCover,
} from '#shared/api/back-office-articles.ts';
import {
  articleMessages,
  articlePath,
  articleStatusLabels,
  coverMaxBytes,
  coverTypes,
  normaliseTags,
  slugify,
} from '#shared/articles.ts';
import { renderMarkdown } from '#shared/markdown.ts';
import { ArticleRevisionReview, revisionByline } from './ArticleRevisionReview.tsx';
import { SignedInAs } from './drafts.ts';
import { Feedback } from './Feedback.tsx';
import { insightsSection } from './insights-paths.ts';
import { MarkdownField } from './MarkdownField.tsx';
import { Link, navigate } from './router.tsx';
import { useUnsavedChangesWarning } from './unsaved-changes.ts';
import { ownersOnly, YourRole } from './your-role.ts';

type Author = { id: number; email: string; name: string };
type Fields = Omit<ArticleDraft, 'authorUserId'> & { authorUserId: number | null };

const emptyFields: Fields = {
  title: '',
  summary: '',
  slug: '',
  tags: '',
  authorUserId: null,
  authorName: '',
  body: '',
  coverAlt: '',
};

const fieldsOf = (article: Article | ArticleRevision): Fields => ({
  title: article.title,
  summary: article.summary,
  slug: article.slug,
  tags: article.tags.join(', '),
  authorUserId: article.authorUserId,
  authorName: article.authorName,
  body: article.body,
  coverAlt: article.cover?.alt ?? '',
});

/** What a save changes: for a member of staff who is not an owner, a live article's pending revision. */
const editsRevision = (owner: boolean, article: Article) => !owner && article.status !== 'draft';
const editable = (owner: boolean, article: Article) =>
  editsRevision(owner, article) && article.revision ? article.revision : article;

const unsavedWarning = 'This article has changes that are not saved. Leave without saving them?';

/**
 * One article: its fields, its Markdown beside a live preview drawn by the same renderer the site uses,
 * its cover, and its state. Saving is explicit; leaving with unsaved changes asks first.
 */
export default function ArticleEditor({ id }: { id: number | null }) {
  const you = useContext(SignedInAs);
  const owner = useContext(YourRole) === 'owner';
  const [article, setArticle] = useState<Article | null>(null);
  const [fields, setFields] = useState<Fields>(emptyFields);
  const [saved, setSaved] = useState<Fields>(emptyFields);
  // A new article's address follows its title until someone types one of their own.
  const [slugEdited, setSlugEdited] = useState(id !== null);
  const [authors, setAuthors] = useState<Author[]>([]);
  const [timeZone, setTimeZone] = useState('Europe/London');
  const [publishAt, setPublishAt] = useState('');
  const [status, setStatus] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  // The form appears once the article (or, for a new one, its possible authors) has loaded, so that
  // nothing typed in the meantime is replaced by what arrives.
  const [loaded, setLoaded] = useState(false);
  const coverInput = useRef<HTMLInputElement>(null);
  const dirty = JSON.stringify(fields) !== JSON.stringify(saved);

  useEffect(() => {
    void (async () => {
      try {
        const list = await call(listArticles, {});
        setAuthors(list.authors);
        setTimeZone(list.timeZone);
        if (id === null) {
          const me = list.authors.find((author) => author.email === you);
          const start = { ...emptyFields, authorUserId: me?.id ?? null, authorName: me?.name ?? '' };
          setFields(start);
          setSaved(start);
        } else {
          const loaded = await call(getArticle, { params: { id: String(id) } });
          setArticle(loaded);
          setFields(fieldsOf(editable(owner, loaded)));
          setSaved(fieldsOf(editable(owner, loaded)));
        }
        setLoaded(true);
      } catch (error) {
        setProblems(problemsOf(error));
      }
    })();
  }, [id, you, owner]);

  useUnsavedChangesWarning(dirty, unsavedWarning);

  const set =
    (name: keyof Fields) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const value = event.target.value;
      setFields((before) => {
        const next = { ...before, [name]: value };
        if (name === 'title' && !slugEdited) next.slug = slugify(value);
        if (name === 'slug') setSlugEdited(true);
        if (name === 'authorUserId') {
          const chosen = authors.find((author) => author.id === Number(value));
          const previous = authors.find((author) => author.id === before.authorUserId);
          next.authorUserId = Number(value);
          // The byline follows the author chosen unless someone wrote one of their own.
          if (chosen && (before.authorName === '' || before.authorName === previous?.name)) {
            next.authorName = chosen.name;
          }
        }
        return next;
      });
    };

  async function act(work: () => Promise<string>) {
    setBusy(true);
    setStatus('');
    setProblems([]);
    try {
      setStatus(await work());
    } catch (error) {
      setProblems(problemsOf(error));
    } finally {
      setBusy(false);
    }
  }

  /**
   * Saves the fields (creating the article the first time); answers its id, what became of them and its
   * version after the save.
   */
  async function saveFields(seen?: string): Promise<{ articleId: number; said: string; updatedAt?: string }> {
    const body = { ...fields, authorUserId: fields.authorUserId ?? -1 };
    if (id === null) {
      const created = await call(createArticle, { body });
      setSaved(fields);
      navigate(`${insightsSection}/${created.id}`, { replace: true });
      return { articleId: created.id, said: articleMessages.created };
    }
    // The versions this screen read: if someone else saved since, the save is refused, not overwriting.
    const read = {
      updatedAt: seen ?? article?.updatedAt,
      revisionWrittenAt: article?.revision?.writtenAt ?? null,
    };
    const answer = await call(saveArticle, { params: { id: String(id) }, body: { ...body, ...read } });
    setSaved(fields);
    return { articleId: id, said: answer.infoMessages.join(' '), updatedAt: answer.updatedAt };
  }

  /**
   * An owner's act refused because the article (or its pending changes) changed since this screen loaded
   * it: show it as it now is, beside the refusal, so that what they publish next is what they read. The
   * fields are reset only when asked (never over the owner's own unsaved words).
   */
  async function showIfChanged(error: unknown, articleId: number, resetFields: boolean) {
    const changedSince: string[] = [
      articleMessages.changedSinceOpened,
      articleMessages.savedSinceOpened,
      articleMessages.revisionChangedSinceOpened,
    ];
    if (!(error instanceof ApiError && error.messages.some((said) => changedSince.includes(said)))) return;
    const loaded = await reload(articleId);
    if (resetFields) {
      setFields(fieldsOf(editable(owner, loaded)));
      setSaved(fieldsOf(editable(owner, loaded)));
    }
  }

  const reload = async (articleId: number) => {
    const loaded = await call(getArticle, { params: { id: String(articleId) } });
    setArticle(loaded);
    return loaded;
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      try {
        const { articleId, said } = await saveFields();
        if (id !== null) await reload(articleId);
        return said;
      } catch (error) {
        // Someone else's save in between: their version is loaded, the words typed here stay in the form.
        if (id !== null) await showIfChanged(error, id, false);
        throw error;
      }
    });
  };

  /** An owner publishes or discards a member of staff's pending changes; the editor then shows what is live. */
  const decideRevision = (decision: 'publish' | 'discard') =>
    act(async () => {
      if (id === null) return '';
      const params = { id: String(id) };
      const writtenAt = article?.revision?.writtenAt ?? '';
      const answer =
        decision === 'publish'
          ? await call(publishArticleRevision, { params, body: { writtenAt } }).catch(async (error) => {
              await showIfChanged(error, id, false);
              throw error;
            })
          : await call(discardArticleRevision, { params });
      const loaded = await reload(id);
      setFields(fieldsOf(loaded));
      setSaved(fieldsOf(loaded));
      return answer.infoMessages.join(' ');
    });

  const changeState = (change: 'publish' | 'schedule' | 'unpublish') =>
    act(async () => {
      if (id === null) return '';
      // What the owner publishes is what they read: the version loaded, or the one their own save made
      // of it (refused, as publishing would be, if it changed since it loaded).
      const params = { id: String(id) };
      const loaded = article?.updatedAt ?? '';
      try {
        let updatedAt = loaded;
        if (dirty) {
          const saved = await saveFields(change === 'unpublish' ? undefined : loaded);
          updatedAt = saved.updatedAt ?? loaded;
        }
        const answer = await (change === 'publish'
          ? call(publishArticle, { params, body: { updatedAt } })
          : change === 'schedule'
            ? call(scheduleArticle, { params, body: { publishAt, updatedAt } })
            : call(unpublishArticle, { params }));
        await reload(id);
        return answer.infoMessages.join(' ');
      } catch (error) {
        // The owner's own unsaved words stay in the fields; otherwise they show the article as it now is.
        await showIfChanged(error, id, !dirty);
        throw error;
      }
    });

  const uploadCover = (event: FormEvent) => {
    event.preventDefault();
    const file = coverInput.current?.files?.[0];
    if (!file || id === null) return;
    if (!(coverTypes as readonly string[]).includes(file.type)) {
      setProblems([articleMessages.coverType]);
      return;
    }
    if (file.size > coverMaxBytes) {
      setProblems([articleMessages.coverSize]);
      return;
    }
    void act(async () => {
      const data = await base64Of(file);
      const answer = await call(uploadArticleCover, {
        params: { id: String(id) },
        body: { contentType: file.type as (typeof coverTypes)[number], data, alt: fields.coverAlt ?? '' },
      });
      setSaved((before) => ({ ...before, coverAlt: fields.coverAlt }));
      await reload(id);
      if (coverInput.current) coverInput.current.value = '';
      return answer.infoMessages.join(' ');
    });
  };

  const tags = normaliseTags(fields.tags);
  const state = article?.status ?? 'draft';
  const cover = (article && editsRevision(owner, article) && article.revision?.cover) || article?.cover;
  const when = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString('en-GB', { timeZone, dateStyle: 'long', timeStyle: 'short' }) : '';

  const backToList = (
    <p>
      <Link to={insightsSection}>All articles</Link>
    </p>
  );
  if (!loaded) {
    return (
      <section aria-labelledby="article-title" className="bo-article">
        {backToList}
        <h1 id="article-title">{id === null ? 'New article' : 'Edit article'}</h1>
        {problems.length > 0 ? <Feedback status="" problems={problems} /> : <p>Loading…</p>}
      </section>
    );
  }

  return (
    <section aria-labelledby="article-title" className="bo-article">
      {backToList}
      <h1 id="article-title">{id === null ? 'New article' : `Edit: ${saved.title || 'untitled'}`}</h1>
      <p>
        Status: <strong>{articleStatusLabels[state]}</strong>
        {state === 'scheduled' && ` for ${when(article?.publishAt ?? null)} (${timeZone})`}
        {state === 'published' && article && (
          <>
            {' '}
            since {when(article.publishedAt)} · <a href={articlePath(article.slug)}>View on the site</a>
          </>
        )}
        {dirty && <span className="bo-muted"> · Unsaved changes</span>}
      </p>
      {article && state !== 'draft' && !owner && (
        <p>
          It is on the site (or scheduled): what you save waits for an owner to publish it.{' '}
          {article.revision && revisionByline(article.revision, timeZone)}
        </p>
      )}
      <Feedback status={status} problems={problems} />
      {owner && article?.revision && (
        <ArticleRevisionReview
          live={article}
          revision={article.revision}
          timeZone={timeZone}
          busy={busy}
          onPublish={() => void decideRevision('publish')}
          onDiscard={() => void decideRevision('discard')}
        />
      )}

      <form onSubmit={save} className="bo-article-form">
        <div className="bo-article-fields">
          <div className="field">
            <label htmlFor="article-title-field">Title</label>
            <input
              id="article-title-field"
              value={fields.title}
              onChange={set('title')}
              required
              maxLength={150}
            />
          </div>
          <div className="field">
            <label htmlFor="article-slug">Address</label>
            <p className="field__hint" id="article-slug-hint">
              Lower-case letters, digits and hyphens: the article is at /insights/{fields.slug || '…'}
            </p>
            <input
              id="article-slug"
              value={fields.slug}
              onChange={set('slug')}
              required
              maxLength={80}
              pattern="[a-z0-9]+(-[a-z0-9]+)*"
              aria-describedby="article-slug-hint"
            />
          </div>
          <div className="field">
            <label htmlFor="article-summary">Summary</label>
            <p className="field__hint" id="article-summary-hint">
              Shown in the list, under the title and when the article is shared (up to 300 characters).
            </p>
            <textarea
              id="article-summary"
              value={fields.summary}
              onChange={set('summary')}
              required
              maxLength={300}
              rows={3}
              aria-describedby="article-summary-hint"
            />
          </div>
          <div className="field">
            <label htmlFor="article-tags">Tags</label>
            <p className="field__hint" id="article-tags-hint">
              Separated by commas. {tags.length > 0 && `Saved as: ${tags.join(', ')}`}
            </p>
            <input
              id="article-tags"
              value={fields.tags}
              onChange={set('tags')}
              aria-describedby="article-tags-hint"
            />
          </div>
          <div className="field">
            <label htmlFor="article-author">Written by</label>
            <select
              id="article-author"
              value={fields.authorUserId ?? ''}
              onChange={set('authorUserId')}
              required
            >
              <option value="" disabled>
                Choose a member of staff
              </option>
              {authors.map((author) => (
                <option key={author.id} value={author.id}>
                  {author.email}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="article-byline">Name shown to readers</label>
            <p className="field__hint" id="article-byline-hint">
              The byline on the article; it stays if the member of staff’s account is later closed.
            </p>
            <input
              id="article-byline"
              value={fields.authorName}
              onChange={set('authorName')}
              required
              maxLength={80}
              aria-describedby="article-byline-hint"
            />
          </div>
        </div>

        <div className="bo-article-writing">
          <MarkdownField
            label="Text"
            value={fields.body}
            onChange={(body) => setFields((before) => ({ ...before, body }))}
            maxLength={100_000}
          />
          <section aria-labelledby="article-preview-title" className="bo-article-preview">
            <h2 id="article-preview-title">Preview</h2>
            <div
              className="prose article-body"
              // The shared renderer keeps raw HTML as text and allows only safe links: what is published.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown's output is safe by construction
              dangerouslySetInnerHTML={{ __html: renderMarkdown(fields.body, window.location.origin) }}
            />
          </section>
        </div>
        <button type="submit" className="button" disabled={busy}>
          Save
        </button>
      </form>

      {id !== null && (
        <>
          <h2>Cover image</h2>
          {cover && (
            <img
              className="bo-article-cover"
              src={cover.src}
              alt={cover.alt}
              width={cover.width}
              height={cover.height}
            />
          )}
          <form onSubmit={uploadCover} className="bo-article-fields">
            <div className="field">
              <label htmlFor="article-cover">Picture (JPEG, PNG or WebP, up to 8 MB)</label>
              <input id="article-cover" type="file" accept={coverTypes.join(',')} ref={coverInput} required />
            </div>
            <div className="field">
              <label htmlFor="article-cover-alt">Description of the picture</label>
              <p className="field__hint" id="article-cover-alt-hint">
                For readers who cannot see it: what it shows, in a sentence.
              </p>
              <input
                id="article-cover-alt"
                value={fields.coverAlt}
                onChange={set('coverAlt')}
                required
                maxLength={200}
                aria-describedby="article-cover-alt-hint"
              />
            </div>
            <p>
              <button type="submit" className="button button--secondary" disabled={busy}>
                Upload cover
              </button>
            </p>
          </form>

          <h2>Publishing</h2>
          {!owner && <p>{ownersOnly}</p>}
          <div className="bo-actions">
            {owner && state !== 'published' && (
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => void changeState('publish')}
              >
                Publish now
              </button>
            )}
            {owner && state !== 'draft' && (
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() => void changeState('unpublish')}
              >
                {state === 'published' ? 'Unpublish' : 'Cancel the schedule'}
              </button>
            )}
            {state === 'published' && article && (
              <Link to={`newsletter/new?article=${article.id}`}>Send as the newsletter</Link>
            )}
          </div>
          {owner && state !== 'published' && (
            <form
              className="bo-inline-form"
              onSubmit={(event) => {
                event.preventDefault();
                void changeState('schedule');
              }}
            >
              <div className="field">
                <label htmlFor="article-publish-at">Publish at ({timeZone} time)</label>
                <input
                  id="article-publish-at"
                  type="datetime-local"
                  value={publishAt}
                  onChange={(event) => setPublishAt(event.target.value)}
                  required
                />
              </div>
              <button type="submit" className="button button--secondary" disabled={busy}>
                Schedule
              </button>
            </form>
          )}
        </>
      )}
    </section>
  );
}
