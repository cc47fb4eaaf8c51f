import { type FormEvent, useState } from 'react';
import { call } from '#client/lib/api-client.ts';
import { readTerms, saveTerms, type TermsAnswer } from '#shared/api/back-office-terms.ts';
import type { RichText } from '#shared/rich-text.ts';
import { Feedback } from './Feedback.tsx';
import { NotLoaded } from './NotLoaded.tsx';
import RichTextEditor from './pages/RichTextEditor.tsx';
import { useAction } from './useAction.ts';
import { useEndpoint } from './useEndpoint.ts';

/**
 * The owners' terms of business (decision 030): written in the pages' editor, shown on every proposal's
 * page, agreed to on acceptance and printed in the engagement letter. Each save is a new version; an
 * acceptance keeps the version its client agreed to.
 */
export function TermsEditor() {
  const stored = useEndpoint(readTerms, {});
  if (!stored.data) return <NotLoaded problem={stored.problem} />;
  // Kept through a save: the editor holds what was saved, and the next is saved from the new version.
  return <TermsForm stored={stored.data} onSaved={stored.reload} />;
}

function TermsForm({ stored, onSaved }: { stored: TermsAnswer; onSaved: () => Promise<unknown> }) {
  const [body, setBody] = useState<RichText>(stored.body);
  const { status, problems, act } = useAction(async () => {
    await onSaved();
  });
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    act(() => call(saveTerms, { body: { basedOn: stored.version, body } }));
  };
  return (
    <section aria-labelledby="terms-title">
      <h1 id="terms-title">Terms of business</h1>
      <p>
        {stored.version === null
          ? 'A starting point worded for any firm: make it your own and save it.'
          : `Version ${stored.version}. A client who accepts a proposal agrees to the version shown to them, which their engagement letter prints.`}
      </p>
      <form onSubmit={save}>
        <RichTextEditor label="Terms of business" value={body} onChange={setBody} />
        <button type="submit" className="button">
          Save terms of business
        </button>
        <Feedback status={status} problems={problems} />
      </form>
    </section>
  );
}
