import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import { firmDataId, type PageFirm, type SiteFirm } from '#shared/site-firm.ts';

// The firm a page shows. The server renders each page with it, so a firm's change reaches the pages
// without a build (docs/decisions/022-the-firm-is-data.md). The page's islands need only its name, which
// the page carries as JSON (`<script type="application/json" id="firm">`) for them to hydrate with.

const FirmContext = createContext<SiteFirm | null>(null);
const FirmNameContext = createContext<string | null>(null);
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
      <FirmNameContext value={shown.name}>
        <FirmChangeContext value={showChange}>{children}</FirmChangeContext>
      </FirmNameContext>
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

/** An island's firm: its name, which is all the page carries of it. */
export function FirmNameProvider({ firm, children }: { firm: PageFirm; children: ReactNode }) {
  return <FirmNameContext value={firm.name}>{children}</FirmNameContext>;
}

/** The name of the firm of the page, in an island or anywhere else. */
export function useFirmName(): string {
  const name = useContext(FirmNameContext);
  if (name === null) throw new Error('useFirmName needs a FirmProvider or a FirmNameProvider around it');
  return name;
}

/** What of the firm the server wrote into this page. */
export function firmOfThisPage(): PageFirm {
  const data = document.getElementById(firmDataId)?.textContent;
  if (!data) throw new Error(`The page has no #${firmDataId} data to hydrate with`);
  return JSON.parse(data) as PageFirm;
}
