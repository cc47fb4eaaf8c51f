import { useEffect } from 'react';

/**
 * While there are unsaved changes, closing or reloading the tab asks first (the browser's own question),
 * and so does following a link elsewhere in the back office (`question`, asked before the link is
 * followed).
 */
export function useUnsavedChangesWarning(dirty: boolean, question: string) {
  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const beforeLink = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!link || event.defaultPrevented || event.button !== 0) return;
      if (!window.confirm(question)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', beforeLink, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', beforeLink, true);
    };
  }, [dirty, question]);
}
