import { backOfficeApi, backOfficeMessages } from '../back-office.ts';
import { type Field, lineFieldSchema } from '../form-fields.ts';
import { localDateTime } from '../local-date-time.ts';
import { z } from '../zod.ts';
import { endpoint, formAnswerSchema, refusal } from './endpoint.ts';
import { idParams } from './id-params.ts';
import { backOfficeTag } from './lead-lists.ts';

// Owners and tasks: who looks after a person, and what a member of staff is to do about them by when.
// Everyone sees their own open tasks ("My tasks") and, each working morning, an email of those due.

/** The most tasks not done a list shows, soonest due first: more than anyone works through in a day. */
export const tasksShown = 200;

/** A member of staff as a choice: to own a person, or be given a task. */
export const colleagueSchema = z.object({
  id: z.number().int(),
  name: z.string().describe('Their name, or their address until they give one.'),
});

/** A colleague in the list to choose from, which marks the one asking. */
export const choosableColleagueSchema = colleagueSchema.extend({
  you: z.boolean().describe('True for the member of staff asking.'),
});
export type ChoosableColleague = z.infer<typeof choosableColleagueSchema>;
export type Colleague = z.infer<typeof colleagueSchema>;

export const listColleagues = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/colleagues`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'Everyone who can sign in, to own a person or be given a task',
  answers: { 200: z.array(choosableColleagueSchema).describe('Active accounts, by name.') },
});

export const taskTitleField: Field & { kind: 'line' } = {
  kind: 'line',
  max: 200,
  label: 'Task',
  missing: backOfficeMessages.taskTitle,
  short: 'The task',
};

export const colleagueId = z
  .number({ error: backOfficeMessages.colleague })
  .int({ error: backOfficeMessages.colleague });

export const taskSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  dueAt: z.string(),
  assignee: colleagueSchema,
  doneAt: z.string().nullable(),
  person: z.object({ id: z.number().int(), name: z.string() }).describe('Whom it is about.'),
});
export type Task = z.infer<typeof taskSchema>;

export const addTask = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/people/:id/tasks`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'Give a colleague (or yourself) a task about a person, due at a time',
  params: idParams('person', backOfficeMessages.noSuchPerson),
  body: z
    .object({
      title: lineFieldSchema(taskTitleField),
      due: localDateTime(backOfficeMessages.taskDue).describe('In the firm’s time zone: YYYY-MM-DDTHH:MM.'),
      assignee: colleagueId,
    })
    .strict(),
  answers: {
    201: formAnswerSchema.describe(`Added: infoMessages is ["${backOfficeMessages.taskAdded}"].`),
    404: refusal.describe(`"${backOfficeMessages.noSuchPerson}"`),
    422: refusal.describe('What is wrong with the task, its time or the colleague.'),
  },
});

export const markTask = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/tasks/:id/done`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'Mark a task done, or not done after all',
  params: idParams('task', backOfficeMessages.noSuchTask),
  body: z.object({ done: z.boolean({ error: backOfficeMessages.taskDoneOrNot }) }).strict(),
  answers: {
    200: formAnswerSchema.describe(
      `infoMessages is ["${backOfficeMessages.taskDone}"] or ["${backOfficeMessages.taskReopened}"].`,
    ),
    404: refusal.describe(`"${backOfficeMessages.noSuchTask}"`),
    422: refusal.describe(`"${backOfficeMessages.taskDoneOrNot}"`),
  },
});

export const myTasks = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/tasks`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'Your tasks: those not done, soonest due first, and those done in the last week',
  answers: {
    200: z
      .array(taskSchema)
      .describe(`Not done first, by due time (the ${tasksShown} soonest); then done, latest first.`),
  },
});

export const setPersonOwner = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/people/:id/owner`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'Give a person to a colleague to look after, or to nobody',
  params: idParams('person', backOfficeMessages.noSuchPerson),
  body: z.object({ owner: colleagueId.nullable() }).strict(),
  answers: {
    200: formAnswerSchema.describe(`infoMessages is ["${backOfficeMessages.ownerSaved}"].`),
    404: refusal.describe(`"${backOfficeMessages.noSuchPerson}"`),
    422: refusal.describe(`"${backOfficeMessages.colleague}"`),
  },
});

export const setTaskDigest = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/me/task-digest`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'Turn your morning email of tasks due on or off',
  body: z.object({ on: z.boolean({ error: backOfficeMessages.digestOnOrOff }) }).strict(),
  answers: {
    200: formAnswerSchema.describe(
      `infoMessages is ["${backOfficeMessages.digestOn}"] or ["${backOfficeMessages.digestOff}"].`,
    ),
    422: refusal.describe(`"${backOfficeMessages.digestOnOrOff}"`),
  },
});
