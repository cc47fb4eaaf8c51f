import { cardKindLabels, type PipelineBoard, type PipelineCard } from '#shared/api/back-office-pipeline.ts';
import { type LeadStage, leadStageLabels, leadStages } from '#shared/back-office.ts';

// The board's rules, apart from its screen (Pipeline.tsx) so that they are proven without a browser:
// where a moved card goes, and how the keyboard picks a card up, carries it and drops it, with what is
// said at each step.

/** "Ann Smith’s enquiry": how the board speaks of a card. */
export const cardName = (card: PipelineCard) => `${card.name}’s ${cardKindLabels[card.kind]}`;

/** The board with `card` taken from `from` and put at the top of `to`. */
export function withMove(
  board: PipelineBoard,
  card: PipelineCard,
  from: LeadStage,
  to: LeadStage,
): PipelineBoard {
  return {
    columns: board.columns.map((column) => {
      if (column.stage === from) {
        return {
          ...column,
          total: column.total - 1,
          cards: column.cards.filter((c) => c.opportunityId !== card.opportunityId),
        };
      }
      if (column.stage === to) return { ...column, total: column.total + 1, cards: [card, ...column.cards] };
      return column;
    }),
  };
}

/** The stage `by` columns along from `stage`, stopping at the first and the last. */
export const stageAlong = (stage: LeadStage, by: number): LeadStage =>
  leadStages[Math.min(leadStages.length - 1, Math.max(0, leadStages.indexOf(stage) + by))] ?? stage;

/** What is said once a move is done, or not. */
export const moveWords = {
  stays: (card: PipelineCard, stage: LeadStage) => `${cardName(card)} stays in ${leadStageLabels[stage]}.`,
  moved: (card: PipelineCard, to: LeadStage) => `Moved ${cardName(card)} to ${leadStageLabels[to]}.`,
  notMoved: (card: PipelineCard, problem: string) => `${cardName(card)} was not moved: ${problem}`,
};

/** The card picked up from the keyboard: where it came from and the column it is over. */
export interface Lifted {
  card: PipelineCard;
  from: LeadStage;
  over: LeadStage;
}

export type LiftEvent =
  /** The card's Move button pressed (a click, Space or Enter): picks it up, or drops the card it holds. */
  | { type: 'press'; card: PipelineCard; from: LeadStage }
  | { type: 'key'; card: PipelineCard; key: string }
  /** The card's Move button lost the keyboard. */
  | { type: 'blur'; card: PipelineCard };

export interface LiftOutcome {
  lifted: Lifted | null;
  /** What to say, if anything. */
  announcement: string | null;
  /** The move to make, when a card is dropped. */
  drop: { card: PipelineCard; from: LeadStage; to: LeadStage } | null;
  /** The key was the board's, not the browser's. */
  handled: boolean;
}

const arrowSteps: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

const cancelled = (lifted: Lifted) =>
  `Cancelled. ${cardName(lifted.card)} stays in ${leadStageLabels[lifted.from]}.`;

/** One step of moving a card from the keyboard, as accessible drag-and-drop libraries do it. */
export function liftStep(lifted: Lifted | null, event: LiftEvent): LiftOutcome {
  const unchanged: LiftOutcome = { lifted, announcement: null, drop: null, handled: false };
  switch (event.type) {
    case 'press': {
      const { card, from } = event;
      if (lifted?.card.opportunityId === card.opportunityId) {
        return { lifted: null, announcement: null, drop: { card, from, to: lifted.over }, handled: false };
      }
      return {
        lifted: { card, from, over: from },
        announcement: `Picked up ${cardName(card)} in ${leadStageLabels[from]}. Use the arrow keys to choose a stage, Space or Enter to drop it there, Escape to cancel.`,
        drop: null,
        handled: false,
      };
    }
    case 'key': {
      if (!lifted || lifted.card.opportunityId !== event.card.opportunityId) return unchanged;
      const by = arrowSteps[event.key];
      if (by !== undefined) {
        const over = stageAlong(lifted.over, by);
        return {
          lifted: { ...lifted, over },
          announcement: `${cardName(event.card)} is over ${leadStageLabels[over]}.`,
          drop: null,
          handled: true,
        };
      }
      if (event.key === 'Escape')
        return { lifted: null, announcement: cancelled(lifted), drop: null, handled: true };
      return unchanged;
    }
    case 'blur':
      if (lifted?.card.opportunityId !== event.card.opportunityId) return unchanged;
      return { lifted: null, announcement: cancelled(lifted), drop: null, handled: false };
  }
}
