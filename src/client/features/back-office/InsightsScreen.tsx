import { lazy, Suspense } from 'react';
import { listArticles } from '#shared/api/back-office-articles.ts';
import { articleStatusLabels } from '#shared/articles.ts';
import { Feedback } from './Feedback.tsx';
import { insightsSection, newArticleId } from './insights-paths.ts';
import { Link, navigate } from './router.tsx';
import { useEndpoint } from './useEndpoint.ts';

// The editor brings the Markdown renderer with it: both load only when an article is opened, so the rest
// of the back office does not grow.
const ArticleEditor = lazy(() => import('./ArticleEditor.tsx'));

/** Insights: the articles, newest change first, and the editor for one (or a new one). */
export function InsightsScreen({ id }: { id: string }) {
  if (id) {
    return (
      <Suspense fallback={<p>Loading the editor…</p>}>
        <ArticleEditor key={id} id={id === newArticleId ? null : Number(id)} />
      </Suspense>
    );
  }
  return <ArticleList />;
}

function ArticleList() {
  const { data, problem } = useEndpoint(listArticles, {});
  const articles = data?.articles ?? null;
  const timeZone = data?.timeZone ?? 'Europe/London';
  const when = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'short' }) : '—';

  return (
    <section aria-labelledby="insights-title">
      <h1 id="insights-title">Insights</h1>
      <p className="prose">
        Articles for the site’s Insights pages. Write and preview one, then publish it now or at a time to
        come; it appears on /insights, on a page for each of its tags, in the sitemap and in the feed. Once an
        article is published or scheduled, a change by a member of staff who is not an owner waits for an
        owner to review and publish it.
      </p>
      <p>
        <button
          type="button"
          className="button"
          onClick={() => navigate(`${insightsSection}/${newArticleId}`)}
        >
          New article
        </button>
      </p>
      <Feedback status="" problems={problem} />
      {articles === null ? (
        !problem && <p>Loading…</p>
      ) : articles.length === 0 ? (
        <p>No articles yet.</p>
      ) : (
        <div className="bo-table-wrap">
          <table className="bo-table bo-table--cards">
            <caption className="visually-hidden">Articles, newest change first</caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Status</th>
                <th scope="col">Published or due</th>
                <th scope="col">Last changed</th>
                <th scope="col">Author</th>
              </tr>
            </thead>
            <tbody>
              {articles.map((article) => (
                <tr key={article.id}>
                  <th scope="row" data-label="Title">
                    <Link to={`${insightsSection}/${article.id}`}>{article.title}</Link>
                  </th>
                  <td data-label="Status">
                    {articleStatusLabels[article.status]}
                    {article.pendingRevision && (
                      <>
                        <br />
                        <strong>Changes waiting for review</strong> by{' '}
                        {article.pendingRevision.writtenBy ?? 'a former member of staff'},{' '}
                        {when(article.pendingRevision.writtenAt)}
                      </>
                    )}
                  </td>
                  <td data-label="Published or due">
                    {when(
                      article.status === 'draft'
                        ? null
                        : article.status === 'scheduled'
                          ? article.publishAt
                          : article.publishedAt,
                    )}
                  </td>
                  <td data-label="Last changed">{when(article.updatedAt)}</td>
                  <td data-label="Author">{article.authorName}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
