import { useState } from 'react';
import { call } from '#client/lib/api-client.ts';
import {
  movePage,
  publishPage,
  removePage,
  restorePageRevision,
  type SitePage,
  setPageNav,
} from '#shared/api/back-office-pages.ts';
import { type PageNavPlace, pageNavPlaces } from '#shared/pages.ts';
import { navigate } from '../router.tsx';
import { Line } from './field-controls.tsx';

const navLabels: Record<PageNavPlace, string> = {
  main: 'In the main navigation',
  footer: 'In the footer only',
  none: 'Not listed',
};

/**
 * What only an owner does to a page, under its editor: publish the draft (now or later), put an earlier
 * version back, move it, list it in the navigation, remove it.
 */
export function PageOwnerActions({
  page,
  act,
  readVersion,
}: {
  page: SitePage;
  act: (action: () => Promise<{ infoMessages: string[] }>, options?: { reload?: boolean }) => Promise<void>;
  /**
   * The draft's version as this screen shows it (after this owner's own saves): an owner publishes only
   * what they read, so a save by someone else since refuses the act in words.
   */
  readVersion: () => number;
}) {
  const params = { id: String(page.id) };
  const [path, setPath] = useState(page.path);
  const [place, setPlace] = useState<PageNavPlace>(page.nav);
  const [label, setLabel] = useState(page.navLabel);
  const [order, setOrder] = useState(page.navOrder);
  const [publishAt, setPublishAt] = useState('');
  /** Publishes the draft as it is saved now, at once or at `at`. */
  const publish = (at?: string) =>
    act(() =>
      call(publishPage, {
        params,
        body: { basedOn: readVersion(), ...(at && { at }) },
      }),
    );
  return (
    <section aria-labelledby="publish-title" className="bo-settings">
      <h2 id="publish-title">Publishing</h2>
      <p>
        <button type="button" className="button" onClick={() => publish()}>
          Publish the draft
        </button>
      </p>
      {page.publishAt && (
        <p>
          Scheduled to go live{' '}
          {new Date(page.publishAt).toLocaleString('en-GB', { dateStyle: 'full', timeStyle: 'short' })}.
        </p>
      )}
      <fieldset>
        <legend>Or publish it later</legend>
        <div className="bo-field">
          <label htmlFor="page-publish-at">Publish at (your computer’s time)</label>
          <input
            id="page-publish-at"
            type="datetime-local"
            value={publishAt}
            onChange={(event) => setPublishAt(event.target.value)}
          />
        </div>
        <button
          type="button"
          className="button button--secondary"
          disabled={!publishAt}
          onClick={() => publish(new Date(publishAt).toISOString())}
        >
          Schedule
        </button>
      </fieldset>
      {page.revisions.length > 0 && (
        <>
          <h3>Versions published</h3>
          <ul>
            {page.revisions.map((revision) => (
              <li key={revision.number}>
                Version {revision.number},{' '}
                {new Date(revision.publishedAt).toLocaleString('en-GB', {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                })}
                {revision.publishedBy && ` by ${revision.publishedBy}`}{' '}
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() =>
                    act(async () =>
                      call(restorePageRevision, {
                        params: { ...params, number: String(revision.number) },
                        body: { basedOn: readVersion() },
                      }),
                    )
                  }
                >
                  Put version {revision.number} back in the draft
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {page.builtIn ? (
        <p>
          The site is built around this page: its address, {page.path}, stays, because the site’s forms,
          emails and other pages link to it, and it cannot be removed.
        </p>
      ) : (
        <fieldset>
          <legend>Address</legend>
          <div className="bo-field">
            <label htmlFor="page-path">Address</label>
            <input
              id="page-path"
              type="text"
              value={path}
              onChange={(event) => setPath(event.target.value)}
            />
          </div>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => act(() => call(movePage, { params, body: { path } }))}
          >
            Move the page
          </button>
        </fieldset>
      )}
      <fieldset>
        <legend>Navigation</legend>
        <div className="bo-field">
          <label htmlFor="page-nav">Where it is listed</label>
          <select
            id="page-nav"
            value={place}
            onChange={(event) => setPlace(event.target.value as PageNavPlace)}
          >
            {pageNavPlaces.map((each) => (
              <option key={each} value={each}>
                {navLabels[each]}
              </option>
            ))}
          </select>
        </div>
        <Line
          id="page-nav-label"
          label="Words it is listed by (empty for its title)"
          max={30}
          value={label}
          onChange={setLabel}
        />
        <div className="bo-field">
          <label htmlFor="page-nav-order">Place among your pages there (0 comes first)</label>
          <input
            id="page-nav-order"
            type="number"
            min={0}
            max={99}
            value={order}
            onChange={(event) => setOrder(Math.max(0, Math.min(99, Number(event.target.value) || 0)))}
          />
        </div>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => act(() => call(setPageNav, { params, body: { place, label, order } }))}
        >
          Save the navigation
        </button>
      </fieldset>
      {!page.builtIn && (
        <p>
          <button
            type="button"
            className="button bo-danger"
            onClick={() => {
              if (!window.confirm('Remove this page? Its address will tell visitors it has gone.')) return;
              act(
                async () => {
                  const removed = await call(removePage, { params });
                  navigate('pages');
                  return removed;
                },
                { reload: false },
              );
            }}
          >
            Remove the page
          </button>
        </p>
      )}
    </section>
  );
}
