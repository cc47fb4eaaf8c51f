import type { PageDocument } from '#shared/sections.ts';
import { PageSections } from './PageSections.tsx';
import { pageDocumentId } from './sections-page.ts';

/** The page's document, as the server wrote it into the page. */
export function documentOfThisPage(): PageDocument {
  const data = document.getElementById(pageDocumentId)?.textContent;
  if (!data) throw new Error(`The page has no #${pageDocumentId} to hydrate with`);
  return JSON.parse(data) as PageDocument;
}

/**
 * A page of the firm's own, for the browser: it hydrates with the document the page carries. (Until only
 * the interactive sections hydrate, decision 023, the words come twice: as HTML and as this data.)
 */
export default function SectionsPage({ document }: { document: PageDocument }) {
  return <PageSections document={document} />;
}
