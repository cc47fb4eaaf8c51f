import { myTasks, tasksShown } from '#shared/api/back-office-tasks.ts';
import { TaskList } from './TaskList.tsx';
import { useEndpoint } from './useEndpoint.ts';

/** Your tasks: not done, soonest due first (overdue ones say so); then those done in the last week. */
export function MyTasks() {
  const tasks = useEndpoint(myTasks, {});
  return (
    <section aria-labelledby="my-tasks-title">
      <h1 id="my-tasks-title">My tasks</h1>
      {tasks.problem && (
        <p className="bo-problem" role="alert">
          {tasks.problem}
        </p>
      )}
      {tasks.data ? (
        <TaskList
          tasks={tasks.data}
          onChanged={async () => {
            await tasks.reload();
          }}
          showPerson
        />
      ) : (
        !tasks.problem && <p>Loading…</p>
      )}
      {tasks.data && tasks.data.filter((task) => task.doneAt === null).length >= tasksShown && (
        <p>The {tasksShown} soonest due are shown: tick some off to see the rest.</p>
      )}
      <p className="bo-small bo-muted">Tasks are added on a person’s page, for yourself or a colleague.</p>
    </section>
  );
}
