import { useContext, useEffect, useRef, useState } from 'react';
import { call, problemsOf } from '#client/lib/api-client.ts';
import { useFirm } from '#client/lib/firm.tsx';
import { getPage, previewPage, type SitePage, savePageDraft } from '#shared/api/back-office-pages.ts';
import { firmWords } from '#shared/firm-words.ts';
import { isLastKept } from '#shared/page-roles.ts';
import { pageMessages } from '#shared/pages.ts';
import { type PageDocument, pageDocumentSchema, type Section, type SectionType } from '#shared/sections.ts';
import { Feedback } from '../Feedback.tsx';
import { Link } from '../router.tsx';
import { useUnsavedChangesWarning } from '../unsaved-changes.ts';
import { YourRole } from '../your-role.ts';
import { Line } from './field-controls.tsx';
import { PageOwnerActions } from './PageOwnerActions.tsx';
import { PagePreview } from './PagePreview.tsx';
import { SectionFields } from './SectionFields.tsx';
import { addableTypes, newSection, sectionLabels } from './section-kinds.ts';

/** "2. Services and prices: " for a problem in the page's second section; nothing for the title's. */
function sectionNamed(document: PageDocument, path: PropertyKey[]): string {
  if (path[0] !== 'sections' || typeof path[1] !== 'number') return '';
  const section = document.sections[path[1]];
  return section ? `${path[1] + 1}. ${sectionLabels[section.type]}: ` : '';
}

/** How long typing must pause before the draft saves itself. */
const saveAfterMs = 1500;

/**
 * One page's editor: its title, description and sections, the draft saving itself as it is typed; a
 * preview of the draft as visitors would see it at a phone's width and a laptop's; and, for an owner,
 * publishing, the versions published before, the address, the navigation and removal.
 */
export default function PageEditor({ id }: { id: number }) {
  const role = useContext(YourRole);
  const firm = useFirm();
  const [page, setPage] = useState<SitePage | null>(null);
  const [draft, setDraft] = useState<PageDocument | null>(null);
  const [status, setStatus] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [conflict, setConflict] = useState(false);
  const [previewWidth, setPreviewWidth] = useState<375 | 1280 | null>(null);
  const [previewAt, setPreviewAt] = useState(0);
  const version = useRef(0);
  /** Typed since the last save that went through: leaving asks first. */
  const [unsaved, setUnsaved] = useState(false);
  useUnsavedChangesWarning(unsaved, pageMessages.unsavedWarning);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The section being dragged by the mouse, by its place. */
  const dragged = useRef<number | null>(null);
  const [movedFocus, setMovedFocus] = useState<{ id: string; by: -1 | 1 } | null>(null);
  useEffect(() => {
    if (!movedFocus) return;
    const group = document.querySelector(`[data-section="${movedFocus.id}"]`);
    // The section's own buttons, not those of the items inside it.
    const buttons = group?.querySelectorAll<HTMLButtonElement>(':scope > .bo-section__actions button');
    const wanted = buttons?.[movedFocus.by === -1 ? 0 : 1];
    (wanted && !wanted.disabled ? wanted : buttons?.[movedFocus.by === -1 ? 1 : 0])?.focus();
    setMovedFocus(null);
  }, [movedFocus]);
  const params = { id: String(id) };

  const load = async () => {
    const loaded = await call(getPage, { params });
    setPage(loaded);
    setDraft(loaded.draft);
    version.current = loaded.draftVersion;
    setConflict(false);
    return loaded;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once per page opened
  useEffect(() => {
    load().catch((error) => setProblems(problemsOf(error)));
    return () => clearTimeout(pending.current);
  }, [id]);

  const save = async (document: PageDocument) => {
    // Checked here first, so that each refusal names its section as the screen numbers it.
    const checked = pageDocumentSchema.safeParse(document);
    if (!checked.success) {
      setProblems(
        checked.error.issues.map((issue) => `${sectionNamed(document, issue.path)}${issue.message}`),
      );
      setStatus('');
      return;
    }
    setStatus('Saving…');
    try {
      const saved = await call(savePageDraft, { params, body: { document, basedOn: version.current } });
      version.current = saved.draftVersion;
      setUnsaved(false);
      setProblems([]);
      setStatus(saved.infoMessages.join(' '));
      setPreviewAt(Date.now());
    } catch (error) {
      const words = problemsOf(error);
      setConflict(words.includes(pageMessages.savedElsewhere));
      setProblems(words);
      setStatus('');
    }
  };
  const change = (next: PageDocument) => {
    setDraft(next);
    setUnsaved(true);
    setStatus('Unsaved changes');
    clearTimeout(pending.current);
    pending.current = setTimeout(() => save(next), saveAfterMs);
  };
  /** An owner's act on the page: any unsaved typing is saved first, and the page read again after. */
  const act = async (action: () => Promise<{ infoMessages: string[] }>, { reload = true } = {}) => {
    clearTimeout(pending.current);
    if (draft && unsaved) await save(draft);
    try {
      setStatus((await action()).infoMessages.join(' '));
      setProblems([]);
      if (reload) await load();
    } catch (error) {
      const words = problemsOf(error);
      setConflict(words.includes(pageMessages.savedElsewhere));
      setProblems(words);
    }
  };

  if (!page || !draft)
    return problems.length > 0 ? <Feedback status="" problems={problems} /> : <p>Loading…</p>;
  const sections = draft.sections;
  const setSections = (next: Section[]) => change({ ...draft, sections: next });
  /** Puts the section at `from` where the one at `to` is, the others closing up around it. */
  const moveTo = (from: number, to: number) => {
    if (from === to) return;
    const next = [...sections];
    const [moved] = next.splice(from, 1);
    if (moved) next.splice(to, 0, moved);
    setSections(next);
  };
  /**
   * Moves a section by its button: the keyboard stays on the moved section's button (the other one once
   * it reaches an end), and the live status says where it went.
   */
  const move = (index: number, by: -1 | 1) => {
    const moved = sections[index];
    if (!moved) return;
    moveTo(index, index + by);
    setMovedFocus({ id: moved.id, by });
    setStatus(`Moved ${sectionLabels[moved.type]} to place ${index + by + 1} of ${sections.length}.`);
  };
  const owner = role === 'owner';

  return (
    <section aria-labelledby="page-title" className="bo-page-editor">
      <p>
        <Link to="pages">All pages</Link>
      </p>
      <h1 id="page-title">{firmWords(draft.title, firm) || 'A page'}</h1>
      <p>
        At <a href={page.path}>{page.path}</a>:{' '}
        {page.live ? `version ${page.live.number} is published` : 'not published yet'}
        {page.draftDiffers && page.live ? '; the draft has changes visitors do not see yet' : ''}.
      </p>
      <Feedback status={status} problems={problems} />
      {conflict && (
        <p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              if (!unsaved || window.confirm(pageMessages.theirVersion)) load().then(() => setUnsaved(false));
            }}
          >
            Show their version
          </button>
        </p>
      )}
      <form className="bo-settings" onSubmit={(event) => event.preventDefault()}>
        <fieldset>
          <legend>How search engines and tabs show it</legend>
          <Line
            id="page-title-field"
            label="Title"
            max={60}
            value={draft.title}
            onChange={(title) => change({ ...draft, title })}
            wide
          />
          <div className="bo-field bo-field--wide">
            <label htmlFor="page-description">Description</label>
            <textarea
              id="page-description"
              rows={2}
              maxLength={160}
              value={draft.description}
              onChange={(event) => change({ ...draft, description: event.target.value })}
            />
          </div>
        </fieldset>
        {sections.map((section, index) => (
          <fieldset
            key={section.id}
            data-section={section.id}
            className="bo-section"
            // Caught on the way down, so that a section dropped over a text editor inside another moves,
            // rather than landing in the editor as its name; a drop of anything else is the field's own.
            onDragOverCapture={(event) => {
              if (dragged.current !== null) event.preventDefault();
            }}
            onDropCapture={(event) => {
              if (dragged.current === null) return;
              event.preventDefault();
              event.stopPropagation();
              moveTo(dragged.current, index);
              dragged.current = null;
            }}
          >
            <legend>
              {/* Dragged by the mouse; the keyboard has Move up and Move down below, which say the same. */}
              <span
                className="bo-section__handle"
                draggable
                aria-hidden="true"
                title="Drag to move"
                onDragStart={(event) => {
                  dragged.current = index;
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', section.id);
                }}
                onDragEnd={() => {
                  dragged.current = null;
                }}
              >
                ⠿
              </span>{' '}
              {index + 1}. {sectionLabels[section.type]}
            </legend>
            <SectionFields
              section={section}
              advisers={page.advisers}
              onChange={(next) => setSections(sections.map((each, at) => (at === index ? next : each)))}
            />
            <p className="bo-section__actions">
              <button
                type="button"
                className="button button--secondary"
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                Move up
              </button>
              <button
                type="button"
                className="button button--secondary"
                disabled={index === sections.length - 1}
                onClick={() => move(index, 1)}
              >
                Move down
              </button>
              {isLastKept(page.role, sections, section) ? (
                <span className="field__hint">Visitors find this on this page, so it stays.</span>
              ) : (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => {
                    const name = `${index + 1}. ${sectionLabels[section.type]}`;
                    // Only a published version can be put back: a draft's section, once gone, is gone.
                    if (window.confirm(`Remove ${name} and everything in it?`))
                      setSections(sections.filter((_, at) => at !== index));
                  }}
                >
                  Remove this section
                </button>
              )}
            </p>
          </fieldset>
        ))}
        <AddSection
          taken={sections.map(({ id: taken }) => taken)}
          onAdd={(section) => setSections([...sections, section])}
        />
      </form>

      <section aria-labelledby="preview-title">
        <h2 id="preview-title">Preview</h2>
        <p>
          The draft as visitors would see it:{' '}
          <button type="button" className="button button--secondary" onClick={() => setPreviewWidth(375)}>
            On a phone
          </button>{' '}
          <button type="button" className="button button--secondary" onClick={() => setPreviewWidth(1280)}>
            On a laptop
          </button>
        </p>
        {previewWidth && (
          <PagePreview
            key={`${previewWidth}-${previewAt}`}
            src={previewPage.path.replace(':id', String(id))}
            width={previewWidth}
          />
        )}
      </section>

      {owner ? (
        <PageOwnerActions page={page} act={act} readVersion={() => version.current} />
      ) : (
        <p>An owner of the firm publishes it: ask one when it is ready.</p>
      )}
    </section>
  );
}

/** Adds a section of the kind chosen at the end of the page. */
function AddSection({ taken, onAdd }: { taken: string[]; onAdd: (section: Section) => void }) {
  const [type, setType] = useState<SectionType>('rich-text');
  return (
    <fieldset>
      <legend>Add a section</legend>
      <div className="bo-field">
        <label htmlFor="new-section-type">Kind of section</label>
        <select
          id="new-section-type"
          value={type}
          onChange={(event) => setType(event.target.value as SectionType)}
        >
          {addableTypes.map((each) => (
            <option key={each} value={each}>
              {sectionLabels[each]}
            </option>
          ))}
        </select>
      </div>
      <button type="button" className="button" onClick={() => onAdd(newSection(type, taken))}>
        Add the section
      </button>
    </fieldset>
  );
}
