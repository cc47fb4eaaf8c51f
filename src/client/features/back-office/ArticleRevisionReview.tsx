import type { ReactNode } from 'react';
import type { Article, ArticleRevision } from '#shared/api/back-office-articles.ts';
import { renderMarkdown } from '#shared/markdown.ts';

type Side = Pick<Article, 'title' | 'summary' | 'slug' | 'tags' | 'authorName' | 'body' | 'cover'>;

/** Who wrote the pending changes and when, in the firm's time. */
export function revisionByline(revision: ArticleRevision, timeZone: string) {
  const when = new Date(revision.writtenAt).toLocaleString('en-GB', {
    timeZone,
    dateStyle: 'long',
    timeStyle: 'short',
  });
  return `Changes by ${revision.writtenBy ?? 'a former member of staff'} on ${when} wait for an owner’s review.`;
}

/**
 * Every link and picture in an article's text, each as its words and where it leads: a changed target
 * hides behind the same words in the rendered text, so the owner sees the addresses themselves.
 */
function linksIn(body: string): string[] {
  const html = renderMarkdown(body, window.location.origin);
  const page = new DOMParser().parseFromString(html, 'text/html');
  return [...page.querySelectorAll('a[href], img[src]')].map((element) => {
    const words = element.textContent || element.getAttribute('alt') || '(no words)';
    return `${words} → ${element.getAttribute('href') ?? element.getAttribute('src')}`;
  });
}

const listOf = (items: string[]) =>
  items.length === 0 ? (
    'None'
  ) : (
    <ul>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a text may link the same place twice
        <li key={index}>{item}</li>
      ))}
    </ul>
  );

/**
 * An owner's review of a member of staff's pending changes: each field that differs, as the site shows it
 * beside as it would be, the text drawn by the renderer the site uses and its links' addresses written
 * out; then publish or discard.
 */
export function ArticleRevisionReview({
  live,
  revision,
  timeZone,
  busy,
  onPublish,
  onDiscard,
}: {
  live: Side;
  revision: ArticleRevision;
  timeZone: string;
  busy: boolean;
  onPublish: () => void;
  onDiscard: () => void;
}) {
  const rows: { label: string; show: (side: Side) => ReactNode; same: boolean }[] = [
    { label: 'Title', show: (side) => side.title, same: live.title === revision.title },
    { label: 'Address', show: (side) => `/insights/${side.slug}`, same: live.slug === revision.slug },
    { label: 'Summary', show: (side) => side.summary, same: live.summary === revision.summary },
    {
      label: 'Tags',
      show: (side) => side.tags.join(', ') || '—',
      same: live.tags.join() === revision.tags.join(),
    },
    { label: 'Byline', show: (side) => side.authorName, same: live.authorName === revision.authorName },
    {
      label: 'Cover image',
      show: (side) =>
        side.cover ? (
          <>
            <img
              className="bo-article-cover"
              src={side.cover.src}
              alt={side.cover.alt}
              width={side.cover.width}
              height={side.cover.height}
            />
            <p>Description: {side.cover.alt}</p>
          </>
        ) : (
          'None'
        ),
      same: live.cover?.src === revision.cover?.src && live.cover?.alt === revision.cover?.alt,
    },
    {
      label: 'Text',
      show: (side) => (
        <div
          className="prose article-body"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown's output is safe by construction
          dangerouslySetInnerHTML={{ __html: renderMarkdown(side.body, window.location.origin) }}
        />
      ),
      same: live.body === revision.body,
    },
    {
      label: 'Links and pictures in the text',
      show: (side) => listOf(linksIn(side.body)),
      same: linksIn(live.body).join('\n') === linksIn(revision.body).join('\n'),
    },
  ];
  const changed = rows.filter((row) => !row.same);

  return (
    <section aria-labelledby="article-review-title" className="bo-article-review">
      <h2 id="article-review-title">Changes waiting for review</h2>
      <p>{revisionByline(revision, timeZone)}</p>
      {changed.length === 0 ? (
        <p>They change nothing the site shows.</p>
      ) : (
        <div className="bo-table-wrap">
          <table className="bo-table bo-table--cards">
            <caption className="visually-hidden">Each changed field, on the site and as it would be</caption>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">On the site</th>
                <th scope="col">Waiting for review</th>
              </tr>
            </thead>
            <tbody>
              {changed.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  <td data-label="On the site">{row.show(live)}</td>
                  <td data-label="Waiting for review">{row.show(revision)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="bo-actions">
        <button type="button" className="button" disabled={busy} onClick={onPublish}>
          Publish these changes
        </button>
        <button type="button" className="button button--secondary" disabled={busy} onClick={onDiscard}>
          Discard these changes
        </button>
      </div>
    </section>
  );
}
