import { useEffect, useState } from 'react';
import { call } from '#client/lib/api-client.ts';
import { markTask, type Task } from '#shared/api/back-office-tasks.ts';
import { Feedback } from './Feedback.tsx';
import { when } from './format.ts';
import { Link } from './router.tsx';
import { useAction } from './useAction.ts';

/**
 * Tasks with a box each to mark them done (or not, after all): a task not done whose time has passed
 * says Overdue. `showPerson` adds whom each is about (My tasks); `showAssignee`, whom it is given to.
 */
export function TaskList({
  tasks,
  onChanged,
  showPerson = false,
  showAssignee = false,
}: {
  tasks: Task[];
  onChanged: () => Promise<void>;
  showPerson?: boolean;
  showAssignee?: boolean;
}) {
  const { status, problems, act } = useAction(onChanged);
  if (tasks.length === 0) return <p>No tasks.</p>;
  return (
    <>
      <Feedback status={status} problems={problems} />
      <ul className="bo-tasks">
        {tasks.map((task) => (
          <TaskItem
            key={task.id}
            task={task}
            showPerson={showPerson}
            showAssignee={showAssignee}
            onMark={(done, undo) =>
              act(() =>
                call(markTask, { params: { id: String(task.id) }, body: { done } }).catch((error) => {
                  // Refused: the box goes back to what the server still has.
                  undo();
                  throw error;
                }),
              )
            }
          />
        ))}
      </ul>
    </>
  );
}

function TaskItem({
  task,
  showPerson,
  showAssignee,
  onMark,
}: {
  task: Task;
  showPerson: boolean;
  showAssignee: boolean;
  /** `undo` puts the box back, should the server refuse. */
  onMark: (done: boolean, undo: () => void) => void;
}) {
  // The box shows the click at once; the list as the server has it follows.
  const [done, setDone] = useState(task.doneAt !== null);
  useEffect(() => setDone(task.doneAt !== null), [task.doneAt]);
  const overdue = !done && new Date(task.dueAt) < new Date();
  return (
    <li className={done ? 'bo-task--done' : undefined}>
      <input
        type="checkbox"
        id={`task-${task.id}`}
        checked={done}
        onChange={(event) => {
          const checked = event.target.checked;
          setDone(checked);
          onMark(checked, () => setDone(!checked));
        }}
      />
      <label htmlFor={`task-${task.id}`}>{task.title}</label>
      <span className="bo-muted bo-small">
        {overdue && <strong className="bo-overdue">Overdue </strong>}
        due <time dateTime={task.dueAt}>{when(task.dueAt)}</time>
        {showAssignee && <> · {task.assignee.name}</>}
        {showPerson && (
          <>
            {' '}
            · <Link to={`people/${task.person.id}`}>{task.person.name}</Link>
          </>
        )}
      </span>
    </li>
  );
}
