import { type FormEvent, lazy, Suspense, useState } from 'react';
import { call, problemsOf } from '#client/lib/api-client.ts';
import { useFirm } from '#client/lib/firm.tsx';
import { createPage, listPages, type PageSummary } from '#shared/api/back-office-pages.ts';
import { firmWords } from '#shared/firm-words.ts';
import { Feedback } from '../Feedback.tsx';
import { Link, navigate } from '../router.tsx';
import { useEndpoint } from '../useEndpoint.ts';
import { Line } from './field-controls.tsx';

// The editor brings the rich-text editor (TipTap) with it: both load only when a page is opened.
const PageEditor = lazy(() => import('./PageEditor.tsx'));

export const pagesSection = 'pages';

/** Pages: the firm's own pages, and the editor of one. */
export function PagesScreen({ id }: { id: string }) {
  if (id) {
    return (
      <Suspense fallback={<p>Loading the editor…</p>}>
        <PageEditor key={id} id={Number(id)} />
      </Suspense>
    );
  }
  return <PageList />;
}

function statusOf(page: PageSummary): string {
  if (!page.live) return page.publishAt ? 'Scheduled' : 'Draft';
  return page.draftDiffers
    ? `Published (version ${page.live.number}); the draft has changes`
    : `Published (version ${page.live.number})`;
}

const placeLabels = { main: 'Main navigation', footer: 'Footer', none: '—' } as const;

function PageList() {
  const firm = useFirm();
  const { data, problem, reload } = useEndpoint(listPages, {});
  const [path, setPath] = useState('/');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [problems, setProblems] = useState<string[]>([]);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const made = await call(createPage, { body: { path, title, description } });
      await reload();
      navigate(`${pagesSection}/${made.id}`);
    } catch (error) {
      setProblems(problemsOf(error));
    }
  };

  return (
    <section aria-labelledby="pages-title">
      <h1 id="pages-title">Pages</h1>
      <p className="prose">
        Every page of the website: the home page, services, about, contact and the rest, and pages of your own
        for landlords, contractors, farms, whoever you serve. Each is made of sections you add and arrange; it
        saves itself as you type, and an owner publishes it when it is ready.
      </p>
      <Feedback status="" problems={problem} />
      {data === null ? (
        !problem && <p>Loading…</p>
      ) : (
        <div className="bo-table-wrap">
          <table className="bo-table bo-table--cards">
            <caption className="visually-hidden">The website’s pages</caption>
            <thead>
              <tr>
                <th scope="col">Page</th>
                <th scope="col">Address</th>
                <th scope="col">Status</th>
                <th scope="col">Listed in</th>
              </tr>
            </thead>
            <tbody>
              {/* The home page first, as the site starts there; each title as visitors read it. */}
              {[
                ...data.pages.filter((page) => page.path === '/'),
                ...data.pages.filter((page) => page.path !== '/'),
              ].map((page) => (
                <tr key={page.id}>
                  <th scope="row" data-label="Page">
                    <Link to={`${pagesSection}/${page.id}`}>{firmWords(page.title, firm)}</Link>
                  </th>
                  <td data-label="Address">{page.path}</td>
                  <td data-label="Status">{statusOf(page)}</td>
                  <td data-label="Listed in">{placeLabels[page.nav]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form className="bo-settings" onSubmit={create} noValidate>
        <fieldset>
          <legend>Start a page</legend>
          <Feedback status="" problems={problems} linkToFields />
          <div className="bo-field">
            <label htmlFor="new-page-path">Address</label>
            <p id="new-page-path-hint" className="field__hint">
              A / then lower-case words joined by hyphens, e.g. /landlords.
            </p>
            <input
              id="new-page-path"
              type="text"
              value={path}
              aria-describedby="new-page-path-hint"
              onChange={(event) => setPath(event.target.value)}
            />
          </div>
          <Line id="new-page-title" label="Title" max={60} value={title} onChange={setTitle} />
          <div className="bo-field bo-field--wide">
            <label htmlFor="new-page-description">Description</label>
            <p id="new-page-description-hint" className="field__hint">
              What search engines show under the title: up to 160 characters.
            </p>
            <textarea
              id="new-page-description"
              rows={2}
              maxLength={160}
              value={description}
              aria-describedby="new-page-description-hint"
              onChange={(event) => setDescription(event.target.value)}
            />
          </div>
          <button type="submit" className="button">
            Start the page
          </button>
        </fieldset>
      </form>
    </section>
  );
}
