import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import { firmWords } from '#shared/firm-words.ts';
import { firmDataId, type SiteFirm } from '#shared/site-firm.ts';

// The firm a page shows. The server renders each page with it and writes it into the page as JSON
// (`<script type="application/json" id="firm">`), from which the browser hydrates with the same firm: a
// firm's change reaches the pages without a build (docs/decisions/022-the-firm-is-data.md).

const FirmContext = createContext<SiteFirm | null>(null);
type FirmChange = Partial<Pick<SiteFirm, 'name' | 'logo' | 'logoShape'>>;
const FirmChangeContext = createContext<(change: FirmChange) => void>(() => {});

/**
 * The firm to render with. The back office, which lives in one page for as long as it is open, shows an
 * owner's change of name or logo at once (useShowFirmChange) rather than after a reload.
 */
export function FirmProvider({ firm, children }: { firm: SiteFirm; children: ReactNode }) {
  const [shown, setShown] = useState(firm);
  const showChange = useCallback((change: FirmChange) => setShown((was) => ({ ...was, ...change })), []);
  return (
    <FirmContext value={shown}>
      <FirmChangeContext value={showChange}>{children}</FirmChangeContext>
    </FirmContext>
  );
}

/** Shows the firm's saved name or logo everywhere on this page, as the server now has them. */
export function useShowFirmChange(): (change: FirmChange) => void {
  return useContext(FirmChangeContext);
}

/** The firm of the page being rendered. */
export function useFirm(): SiteFirm {
  const firm = useContext(FirmContext);
  if (!firm) throw new Error('useFirm needs a FirmProvider around the page');
  return firm;
}

/** The firm the server wrote into this page. */
export function firmOfThisPage(): SiteFirm {
  const data = document.getElementById(firmDataId)?.textContent;
  if (!data) throw new Error(`The page has no #${firmDataId} data to hydrate with`);
  return JSON.parse(data) as SiteFirm;
}

/** The site's words for the firm of the page: each {token} filled in (shared/firm-words.ts). */
export function useFirmWords(): (text: string) => string {
  const firm = useFirm();
  return (text) => firmWords(text, firm);
}
