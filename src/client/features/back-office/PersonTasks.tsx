import { type FormEvent, useState } from 'react';
import { call } from '#client/lib/api-client.ts';
import type { PersonDetail } from '#shared/api/back-office-people.ts';
import {
  addTask,
  type ChoosableColleague as Colleague,
  listColleagues,
  setPersonOwner,
  taskTitleField,
} from '#shared/api/back-office-tasks.ts';
import { ColleagueOptions } from './ColleagueOptions.tsx';
import { Feedback } from './Feedback.tsx';
import { TaskList } from './TaskList.tsx';
import { useAction } from './useAction.ts';
import { useEndpoint } from './useEndpoint.ts';

/** Who looks after the person, and the tasks about them, with a form to add one. */
export function PersonTasks({ person, onChanged }: { person: PersonDetail; onChanged: () => Promise<void> }) {
  const colleagues = useEndpoint(listColleagues, {}).data ?? [];
  return (
    <section aria-labelledby="person-tasks-title">
      <h2 id="person-tasks-title">Owner and tasks</h2>
      <OwnerForm person={person} colleagues={colleagues} onChanged={onChanged} />
      <TaskList tasks={person.tasks} onChanged={onChanged} showAssignee />
      <NewTask personId={person.id} colleagues={colleagues} onChanged={onChanged} />
    </section>
  );
}

function OwnerForm({
  person,
  colleagues,
  onChanged,
}: {
  person: PersonDetail;
  colleagues: Colleague[];
  onChanged: () => Promise<void>;
}) {
  const [owner, setOwner] = useState(person.owner ? String(person.owner.id) : '');
  const { status, problems, act } = useAction(onChanged);
  const save = (event: FormEvent) => {
    event.preventDefault();
    act(() =>
      call(setPersonOwner, {
        params: { id: String(person.id) },
        body: { owner: owner === '' ? null : Number(owner) },
      }),
    );
  };
  return (
    <form className="bo-inline-form" onSubmit={save}>
      <label>
        Looked after by
        <select value={owner} onChange={(event) => setOwner(event.target.value)}>
          <option value="">Nobody yet</option>
          <ColleagueOptions colleagues={colleagues} />
        </select>
      </label>
      <button type="submit" className="button button--secondary">
        Save owner
      </button>
      <Feedback status={status} problems={problems} />
    </form>
  );
}

function NewTask({
  personId,
  colleagues,
  onChanged,
}: {
  personId: number;
  colleagues: Colleague[];
  onChanged: () => Promise<void>;
}) {
  const [title, setTitle] = useState('');
  const [due, setDue] = useState('');
  const [assignee, setAssignee] = useState('');
  const { status, problems, act } = useAction(async () => {
    setTitle('');
    setDue('');
    await onChanged();
  });
  // Yourself until someone else is chosen: most tasks are your own.
  const mine = colleagues.find((colleague) => colleague.you);
  const chosen = assignee || (mine ? String(mine.id) : '');
  const add = (event: FormEvent) => {
    event.preventDefault();
    act(() =>
      call(addTask, {
        params: { id: String(personId) },
        body: { title, due, assignee: Number(chosen) },
      }),
    );
  };
  return (
    <form className="bo-task-form" onSubmit={add}>
      <h3>Add a task</h3>
      <Feedback status={status} problems={problems} />
      <label>
        {taskTitleField.label}
        <input
          required
          maxLength={taskTitleField.max}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
      </label>
      <label>
        Due
        <input type="datetime-local" required value={due} onChange={(event) => setDue(event.target.value)} />
      </label>
      <label>
        For
        <select required value={chosen} onChange={(event) => setAssignee(event.target.value)}>
          <ColleagueOptions colleagues={colleagues} />
        </select>
      </label>
      <button type="submit" className="button">
        Add task
      </button>
    </form>
  );
}
