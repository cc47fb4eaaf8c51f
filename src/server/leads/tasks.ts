import { type Kysely, sql } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { staffLabel } from '#server/db/staff-label.ts';
import { zonedTimeToUtc } from '#server/time/zoned-time.ts';
import { type Colleague, type Task, tasksShown } from '#shared/api/back-office-tasks.ts';
import { firmTimeZone } from '#shared/site-firm.ts';

// Owners and tasks (decision 028): who looks after a person, and what a member of staff is to do about
// them by when. Times are typed as the firm's clocks show them, as the back office shows them.

type Db = Kysely<Database>;

/** How long a done task stays on My tasks. */
const doneKeptMs = 7 * 24 * 60 * 60 * 1000;

/** Everyone who can sign in, by name (their address until they give one). */
export async function colleagues(db: Db): Promise<Colleague[]> {
  const rows = await db
    .selectFrom('users')
    .select(['users.id', staffLabel.as('name')])
    .where('users.status', '=', 'active')
    // By name as a person sorts them, capitals or not.
    .orderBy(sql`lower(coalesce(users.name, users.email))`)
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name }));
}

const isColleague = async (db: Db, id: number) =>
  (await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', id)
    .where('status', '=', 'active')
    .executeTakeFirst()) !== undefined;

const personExists = async (db: Db, id: number) =>
  (await db.selectFrom('people').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

/** `YYYY-MM-DDTHH:MM` on the firm's clocks, as an instant. */
export function firmWallTime(typed: string): Date {
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0] = typed.split(/[-T:]/).map(Number);
  return zonedTimeToUtc({ year, month: month - 1, day }, hour, minute, firmTimeZone);
}

/** Gives `assignee` a task about a person; `by` is who asked. */
export async function addTask(
  db: Db,
  personId: number,
  task: { title: string; due: string; assignee: number },
  by: number,
  at: Date,
): Promise<'added' | 'no-person' | 'no-colleague'> {
  if (!(await personExists(db, personId))) return 'no-person';
  if (!(await isColleague(db, task.assignee))) return 'no-colleague';
  await db
    .insertInto('tasks')
    .values({
      person_id: personId,
      title: task.title,
      due_at: firmWallTime(task.due).toISOString(),
      assignee_id: task.assignee,
      done_at: null,
      created_by: by,
      created_at: at.toISOString(),
    })
    .execute();
  return 'added';
}

/** Marks a task done (now) or not done; false when there is no such task. */
export async function markTask(db: Db, id: number, done: boolean, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('tasks')
    .set({ done_at: done ? at.toISOString() : null })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The tasks as the back office shows them, with whom they are given to and whom they are about. */
function tasksWith(db: Db) {
  return db
    .selectFrom('tasks')
    .innerJoin('users', 'users.id', 'tasks.assignee_id')
    .innerJoin('people', 'people.id', 'tasks.person_id')
    .select([
      'tasks.id',
      'tasks.title',
      'tasks.due_at',
      'tasks.done_at',
      'tasks.assignee_id',
      staffLabel.as('assignee_name'),
      'people.id as person_id',
      'people.name as person_name',
      'people.email as person_email',
    ]);
}

type TaskRow = Awaited<ReturnType<ReturnType<typeof tasksWith>['execute']>>[number];

const asTask = (row: TaskRow): Task => ({
  id: row.id,
  title: row.title,
  dueAt: row.due_at,
  doneAt: row.done_at,
  assignee: { id: row.assignee_id, name: row.assignee_name },
  person: { id: row.person_id, name: row.person_name ?? row.person_email },
});

/** A member's tasks: not done, soonest due first; then those done in the last week, latest first. */
export async function tasksOf(db: Db, userId: number, at: Date): Promise<Task[]> {
  const [open, done] = await Promise.all([
    tasksWith(db)
      .where('tasks.assignee_id', '=', userId)
      .where('tasks.done_at', 'is', null)
      .orderBy('tasks.due_at')
      .orderBy('tasks.id')
      .limit(tasksShown)
      .execute(),
    tasksWith(db)
      .where('tasks.assignee_id', '=', userId)
      .where('tasks.done_at', '>=', new Date(at.getTime() - doneKeptMs).toISOString())
      .orderBy('tasks.done_at', 'desc')
      .execute(),
  ]);
  return [...open, ...done].map(asTask);
}

/** A member's tasks not done and due before `before`, soonest first: what Today lists. */
export async function openTasksDueBy(db: Db, userId: number, before: Date): Promise<Task[]> {
  const rows = await tasksWith(db)
    .where('tasks.assignee_id', '=', userId)
    .where('tasks.done_at', 'is', null)
    .where('tasks.due_at', '<', before.toISOString())
    .orderBy('tasks.due_at')
    .orderBy('tasks.id')
    .limit(tasksShown)
    .execute();
  return rows.map(asTask);
}

/** A person's tasks: not done first, by due time, then done ones. */
export async function tasksAbout(db: Db, personId: number): Promise<Task[]> {
  const rows = await tasksWith(db).where('tasks.person_id', '=', personId).orderBy('tasks.due_at').execute();
  return rows.map(asTask).sort((a, b) => Number(a.doneAt !== null) - Number(b.doneAt !== null));
}

/** Turns a member's morning email of tasks on or off. */
export async function setTaskDigest(db: Db, userId: number, on: boolean, at: Date) {
  await db
    .updateTable('users')
    .set({ task_digest_off_at: on ? null : at.toISOString() })
    .where('id', '=', userId)
    .execute();
}
