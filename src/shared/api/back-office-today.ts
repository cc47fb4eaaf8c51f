import { backOfficeApi } from '../back-office.ts';
import { z } from '../zod.ts';
import { cardKinds } from './back-office-pipeline.ts';
import { taskSchema, tasksShown } from './back-office-tasks.ts';
import { endpoint } from './endpoint.ts';
import { backOfficeTag } from './lead-lists.ts';

// The overview's "Today": what needs the member now. The leads new since their last visit, the people
// waiting longer than the firm's reply promise, today's and tomorrow's calls, and their tasks due.

/** Today counts what waits up to this many: beyond it, the exact number changes nothing anyone does. */
export const todayCountsUpTo = 1000;
const countedTotal = z
  .number()
  .int()
  .describe(`How many, counted up to ${todayCountsUpTo}: that number means so many or more.`);

const todaySchema = z.object({
  newLeads: z
    .object({
      since: z.string().nullable().describe('When their previous visit ended; null on a first visit.'),
      total: countedTotal,
      leads: z.array(
        z.object({
          kind: z.enum(cardKinds),
          reference: z.string(),
          name: z.string(),
          createdAt: z.string(),
        }),
      ),
    })
    .describe('The 20 newest of them at most.'),
  unanswered: z
    .object({
      promise: z.string().describe('The firm’s reply promise as it wrote it ("one working day").'),
      assumed: z.boolean().describe('True when those words give no length, and one working day is used.'),
      total: countedTotal,
      people: z.array(z.object({ id: z.number().int(), name: z.string(), waitingSince: z.string() })),
    })
    .describe('New business not yet replied to or moved on from New, longest waiting first (20 at most).'),
  calls: z
    .array(
      z.object({
        reference: z.string(),
        startsAt: z.string(),
        name: z.string(),
        adviser: z.string().nullable(),
        personId: z.number().int().nullable(),
      }),
    )
    .describe('Confirmed calls today and tomorrow, on the firm’s clocks, soonest first.'),
  tasks: z
    .array(taskSchema)
    .describe(`Your tasks not done and due by the end of today, soonest first (the ${tasksShown} soonest).`),
});
export type Today = z.infer<typeof todaySchema>;

export const backOfficeToday = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/today`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'What needs you today: new leads, people waiting for a reply, the calls, your tasks',
  answers: { 200: todaySchema.describe('Today.') },
});
