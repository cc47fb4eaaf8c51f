import { describe, expect, it } from 'vitest';
import type { PipelineBoard, PipelineCard } from '#shared/api/back-office-pipeline.ts';
import { type Lifted, liftStep, moveWords, withMove } from './pipeline-board.ts';

/** A card of one lead, as the board gets it. */
const card = (n: number, fields: Pick<PipelineCard, 'kind' | 'reference' | 'name' | 'createdAt'>) => ({
  opportunityId: n,
  personId: n,
  title: 'Enquiry',
  words: '',
  valuePence: null,
  leads: 1,
  ...fields,
});

const ann: PipelineCard = card(1, {
  kind: 'enquiry',
  reference: 'E-1',
  name: 'Ann Smith',
  createdAt: '2027-03-01T09:00Z',
});
const bob: PipelineCard = card(2, {
  kind: 'call',
  reference: 'B-2',
  name: 'bob@example.com',
  createdAt: '2027-03-02T09:00Z',
});
const cy: PipelineCard = card(3, {
  kind: 'quote',
  reference: 'E-3',
  name: 'Cy Jones',
  createdAt: '2027-03-03T09:00Z',
});

const board: PipelineBoard = {
  columns: [
    { stage: 'new', total: 2, cards: [ann, bob] },
    { stage: 'contacted', total: 25, cards: [cy] },
    { stage: 'qualified', total: 0, cards: [] },
    { stage: 'won', total: 0, cards: [] },
    { stage: 'lost', total: 0, cards: [] },
  ],
};

describe('moving a card on the board', () => {
  it('takes it from its column and puts it at the top of the other, counting both', () => {
    const moved = withMove(board, bob, 'new', 'contacted');
    expect(moved.columns[0]).toEqual({ stage: 'new', total: 1, cards: [ann] });
    expect(moved.columns[1]).toEqual({ stage: 'contacted', total: 26, cards: [bob, cy] });
    expect(moved.columns.slice(2)).toEqual(board.columns.slice(2));
  });

  it('says where it went, that it stayed, or why it did not move', () => {
    expect(moveWords.moved(ann, 'won')).toBe('Moved Ann Smith’s enquiry to Won.');
    expect(moveWords.stays(cy, 'contacted')).toBe('Cy Jones’s quote request stays in Contacted.');
    expect(moveWords.notMoved(bob, 'The call was cancelled.')).toBe(
      'bob@example.com’s call was not moved: The call was cancelled.',
    );
  });
});

describe('moving a card from the keyboard', () => {
  const pickedUp = liftStep(null, { type: 'press', card: ann, from: 'new' });
  const press = (lifted: Lifted | null) => liftStep(lifted, { type: 'press', card: ann, from: 'new' });
  const key = (lifted: Lifted | null, name: string, card = ann) =>
    liftStep(lifted, { type: 'key', card, key: name });

  it('picks the card up over its own column and says how to carry it', () => {
    expect(pickedUp).toMatchObject({ lifted: { card: ann, from: 'new', over: 'new' }, drop: null });
    expect(pickedUp.announcement).toBe(
      'Picked up Ann Smith’s enquiry in New. Use the arrow keys to choose a stage, Space or Enter to drop it there, Escape to cancel.',
    );
  });

  it('carries it along the columns with the arrow keys, stopping at either end', () => {
    const right = key(pickedUp.lifted, 'ArrowRight');
    expect(right).toMatchObject({ lifted: { over: 'contacted' }, handled: true });
    expect(right.announcement).toBe('Ann Smith’s enquiry is over Contacted.');
    expect(key(right.lifted, 'ArrowDown').lifted?.over).toBe('qualified');
    expect(key(right.lifted, 'ArrowUp').lifted?.over).toBe('new');
    expect(key(pickedUp.lifted, 'ArrowLeft')).toMatchObject({
      lifted: { over: 'new' },
      announcement: 'Ann Smith’s enquiry is over New.',
    });
    const atWon = { card: ann, from: 'new' as const, over: 'won' as const };
    expect(key(atWon, 'ArrowRight').lifted?.over).toBe('lost');
    expect(key({ ...atWon, over: 'lost' }, 'ArrowRight').lifted?.over).toBe('lost');
  });

  it('drops it on the column it is over with a second press', () => {
    const over = key(pickedUp.lifted, 'ArrowRight').lifted;
    expect(press(over)).toEqual({
      lifted: null,
      announcement: null,
      drop: { card: ann, from: 'new', to: 'contacted' },
      handled: false,
    });
  });

  it('puts it back with Escape, or when its button loses the keyboard', () => {
    const over = key(pickedUp.lifted, 'ArrowRight').lifted;
    const cancelled = {
      lifted: null,
      announcement: 'Cancelled. Ann Smith’s enquiry stays in New.',
      drop: null,
    };
    expect(key(over, 'Escape')).toEqual({ ...cancelled, handled: true });
    expect(liftStep(over, { type: 'blur', card: ann })).toEqual({ ...cancelled, handled: false });
  });

  it('leaves other keys, other cards and a card not picked up to the browser', () => {
    const unchanged = (lifted: Lifted | null) => ({ lifted, announcement: null, drop: null, handled: false });
    expect(key(pickedUp.lifted, 'Tab')).toEqual(unchanged(pickedUp.lifted));
    expect(key(pickedUp.lifted, 'ArrowRight', bob)).toEqual(unchanged(pickedUp.lifted));
    expect(key(null, 'ArrowRight')).toEqual(unchanged(null));
    expect(liftStep(pickedUp.lifted, { type: 'blur', card: bob })).toEqual(unchanged(pickedUp.lifted));
  });

  it('picks up another card in place of the one held', () => {
    const other = liftStep(pickedUp.lifted, { type: 'press', card: cy, from: 'contacted' });
    expect(other).toMatchObject({ lifted: { card: cy, from: 'contacted', over: 'contacted' }, drop: null });
  });
});
