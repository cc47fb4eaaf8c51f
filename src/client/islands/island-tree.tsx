import { type ComponentType, StrictMode, useEffect } from 'react';
import { FirmNameProvider } from '#client/lib/firm.tsx';
import type { PageFirm } from '#shared/site-firm.ts';

/**
 * An island's whole tree, the same on the server and in the browser (React's ids depend on the tree's
 * shape, and must match for hydration): its component with the firm's name, then a marker whose effect
 * says the island is live.
 */
export function IslandTree<P extends object>({
  Part,
  props,
  firm,
  onLive = () => {},
}: {
  Part: ComponentType<P>;
  props: P;
  firm: PageFirm;
  onLive?: () => void;
}) {
  return (
    <StrictMode>
      <FirmNameProvider firm={firm}>
        <Part {...props} />
        <Live onLive={onLive} />
      </FirmNameProvider>
    </StrictMode>
  );
}

/** React runs effects in tree order, child before parent: this one runs once the island's have. */
function Live({ onLive }: { onLive: () => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: said once, when the island first is live
  useEffect(onLive, []);
  return null;
}
