import { type DragEvent, type KeyboardEvent, useEffect, useState } from 'react';
import { call, problemText } from '#client/lib/api-client.ts';
import { applicationList } from '#shared/api/back-office-applications.ts';
import { bookingList } from '#shared/api/back-office-bookings.ts';
import { contactEnquiryList, quoteRequestList } from '#shared/api/back-office-enquiries.ts';
import {
  closedRecentDays,
  closedStages,
  type PipelineCard,
  pipelineBoard,
} from '#shared/api/back-office-pipeline.ts';
import { type LeadStage, leadStageLabels, leadStages } from '#shared/back-office.ts';
import { cardLeads, leadPath } from './card-leads.ts';
import { ago, pounds, when } from './format.ts';
import { cardName, type LiftEvent, type Lifted, liftStep, moveWords, withMove } from './pipeline-board.ts';
import { Link } from './router.tsx';
import { useEndpoint } from './useEndpoint.ts';

// The leads as a board of stages. A card moves by dragging it to another column, or from the keyboard
// the way accessible drag-and-drop libraries do it: its Move button picks it up, the arrow keys choose a
// column, Space or Enter drops it there and Escape puts it back; each step is announced. On a touch
// screen, without arrow keys, each card's Stage list moves it in one choice, announced the same way.
// Every way, the move is the lead's own stage change, the one its page makes, so its timeline records
// who moved it.

const lists = [contactEnquiryList, quoteRequestList, applicationList, bookingList];

const cardId = (card: PipelineCard) => `card-${card.opportunityId}`;
const instructionsId = 'pipeline-instructions';

export function Pipeline() {
  const { data: board, problem: loadProblem, reload, setData: setBoard } = useEndpoint(pipelineBoard, {});
  // What went wrong moving a card, which stands until the next move.
  const [moveProblem, setMoveProblem] = useState<string | null>(null);
  const problem = moveProblem ?? loadProblem;
  const [announcement, setAnnouncement] = useState('');
  const [lifted, setLifted] = useState<Lifted | null>(null);
  const [dragged, setDragged] = useState<{ card: PipelineCard; from: LeadStage } | null>(null);
  const [dropTarget, setDropTarget] = useState<LeadStage | null>(null);
  // The control to keep the keyboard on once a moved card is drawn in its new column.
  const [focusCard, setFocusCard] = useState<string | null>(null);

  // A moved card is drawn afresh in its new column: keep the keyboard on it.
  useEffect(() => {
    if (!focusCard) return;
    document.getElementById(focusCard)?.focus();
    setFocusCard(null);
  }, [focusCard]);

  async function move(card: PipelineCard, from: LeadStage, to: LeadStage, control = 'move') {
    if (!board) return;
    if (from === to) {
      setAnnouncement(moveWords.stays(card, to));
      return;
    }
    setMoveProblem(null);
    setBoard(withMove(board, card, from, to));
    setFocusCard(`${cardId(card)}-${control}`);
    try {
      await call(cardLeads[card.kind].lead.stage, {
        params: { reference: card.reference },
        body: { stage: to },
      });
      setAnnouncement(moveWords.moved(card, to));
    } catch (error) {
      const text = problemText(error);
      setMoveProblem(text);
      setAnnouncement(moveWords.notMoved(card, text));
      reload().catch((error) => setMoveProblem(problemText(error)));
    }
  }

  /** Enter and Space click the Move button: the first click picks the card up, the second drops it. */
  const lift = (event: LiftEvent) => {
    const outcome = liftStep(lifted, event);
    if (outcome.lifted !== lifted) setLifted(outcome.lifted);
    if (outcome.announcement !== null) setAnnouncement(outcome.announcement);
    if (outcome.drop) void move(outcome.drop.card, outcome.drop.from, outcome.drop.to);
    return outcome.handled;
  };

  const keys = (event: KeyboardEvent<HTMLButtonElement>, card: PipelineCard) => {
    if (lift({ type: 'key', card, key: event.key })) event.preventDefault();
  };

  const dropOn = (event: DragEvent, stage: LeadStage) => {
    event.preventDefault();
    setDropTarget(null);
    if (dragged) void move(dragged.card, dragged.from, stage);
    setDragged(null);
  };

  return (
    <section aria-labelledby="pipeline-title" className="bo-pipeline">
      <h1 id="pipeline-title">Pipeline</h1>
      <p id={instructionsId} className="bo-muted bo-small">
        Drag a card to another stage, or press its ⠿ button, choose a stage with the arrow keys and press
        Space or Enter (Escape cancels).
      </p>
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {problem && (
        <p className="bo-problem" role="alert">
          {problem}
        </p>
      )}
      {!board && !problem && <p>Loading…</p>}
      {board && (
        <div className="bo-board">
          {board.columns.map((column) => {
            const titleId = `stage-${column.stage}`;
            const over = lifted?.over === column.stage || dropTarget === column.stage;
            const closed = closedStages.includes(column.stage);
            return (
              <section
                key={column.stage}
                aria-labelledby={titleId}
                className={`bo-column${over ? ' bo-column--over' : ''}`}
                onDragOver={(event) => {
                  if (!dragged) return;
                  event.preventDefault();
                  setDropTarget(column.stage);
                }}
                onDragLeave={() => setDropTarget((target) => (target === column.stage ? null : target))}
                onDrop={(event) => dropOn(event, column.stage)}
                data-stage={column.stage}
              >
                <h2 id={titleId} className="bo-column-title">
                  {leadStageLabels[column.stage]} <span className="bo-muted">({column.total})</span>
                </h2>
                {closed && (
                  <p className="bo-muted bo-small">Moved here in the last {closedRecentDays} days.</p>
                )}
                <ul className="bo-column-cards">
                  {column.cards.map((card) => {
                    const id = cardId(card);
                    const isLifted = lifted?.card.opportunityId === card.opportunityId;
                    return (
                      <li
                        key={id}
                        id={id}
                        className={`bo-card${isLifted ? ' bo-card--lifted' : ''}`}
                        draggable
                        onDragStart={(event) => {
                          event.dataTransfer.effectAllowed = 'move';
                          event.dataTransfer.setData('text/plain', card.reference);
                          setDragged({ card, from: column.stage });
                        }}
                        onDragEnd={() => {
                          setDragged(null);
                          setDropTarget(null);
                        }}
                      >
                        {/* The whole name on pointing, when the card cuts it short. */}
                        <div className="bo-card-head" title={card.name}>
                          <Link to={leadPath(card)}>{card.name}</Link>
                        </div>
                        <div className="bo-card-controls">
                          <span className="bo-card-stage">
                            <label className="visually-hidden" htmlFor={`${id}-stage`}>
                              Stage of {cardName(card)}
                            </label>
                            <select
                              id={`${id}-stage`}
                              value={column.stage}
                              onChange={(event) =>
                                void move(card, column.stage, event.target.value as LeadStage, 'stage')
                              }
                            >
                              {leadStages.map((stage) => (
                                <option key={stage} value={stage}>
                                  {leadStageLabels[stage]}
                                </option>
                              ))}
                            </select>
                          </span>
                          <button
                            type="button"
                            id={`${id}-move`}
                            className="bo-move"
                            aria-label={`Move ${cardName(card)}`}
                            aria-describedby={instructionsId}
                            aria-pressed={isLifted}
                            onClick={() => lift({ type: 'press', card, from: column.stage })}
                            onKeyDown={(event) => keys(event, card)}
                            onBlur={() => lift({ type: 'blur', card })}
                          >
                            <span aria-hidden="true">⠿</span>
                          </button>
                        </div>
                        {/* One line, cut to the card's width: what they asked for, when, and what they wrote. */}
                        <p className="bo-card-line" title={card.words || undefined}>
                          {card.valuePence !== null && (
                            <span className="bo-card-value">{pounds(card.valuePence)} · </span>
                          )}
                          <span className="bo-card-kind">{card.title}</span>
                          {card.leads > 1 && ` and ${card.leads - 1} more`} ·{' '}
                          <time dateTime={card.createdAt} title={when(card.createdAt)}>
                            <span aria-hidden="true">{ago(card.createdAt).short}</span>
                            <span className="visually-hidden">{ago(card.createdAt).words}</span>
                          </time>
                          {card.words && ` · ${card.words}`}
                        </p>
                      </li>
                    );
                  })}
                </ul>
                {(closed || column.total > column.cards.length) && (
                  <p className="bo-small">
                    {column.total > column.cards.length &&
                      `Showing the ${column.cards.length} newest of ${column.total}. `}
                    All {leadStageLabels[column.stage].toLowerCase()} leads:{' '}
                    {lists.map((list, index) => (
                      <span key={list.name}>
                        {index > 0 && ', '}
                        <Link to={`${list.name}?stage=${column.stage}`}>{list.title}</Link>
                      </span>
                    ))}
                  </p>
                )}
              </section>
            );
          })}
        </div>
      )}
    </section>
  );
}
