import { type FormEvent, useRef, useState } from 'react';
import { call, problemsOf } from '#client/lib/api-client.ts';
import { readFirmDetails, saveQuestionnaire } from '#shared/api/back-office-firm.ts';
import { applicationQuestions, type QuestionName, questionNames } from '#shared/application.ts';
import {
  defaultQuestionnaire,
  type OwnQuestion,
  type OwnQuestionKind,
  ownQuestionKinds,
  type Questionnaire,
} from '#shared/questionnaire.ts';
import { Feedback } from './Feedback.tsx';
import { NotLoaded } from './NotLoaded.tsx';
import { Items, Line, LineItems, Tick } from './pages/field-controls.tsx';
import { useEndpoint } from './useEndpoint.ts';

// The owner's Questionnaire screen: the words of the application questionnaire's questions, and the
// firm's questions of its own (docs/behaviour/applications.md#the-firms-questionnaire).

const kindLabels: Record<OwnQuestionKind, string> = {
  short: 'A line of text',
  long: 'A few sentences',
  choice: 'A choice from a list',
  number: 'A whole number',
};

/** A question's id that no other of the firm's own questions has. */
const freshId = (taken: readonly OwnQuestion[]) => {
  let number = taken.length + 1;
  while (taken.some((question) => question.id === `q${number}`)) number++;
  return `q${number}`;
};

export function QuestionnaireEditor() {
  const stored = useEndpoint(readFirmDetails, {});
  const [edited, setEdited] = useState<Questionnaire | null>(null);
  const [status, setStatus] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const feedback = useRef<HTMLDivElement>(null);
  const saved = stored.data?.details?.questionnaire ?? (stored.data ? defaultQuestionnaire : null);
  const questionnaire = edited ?? saved;
  if (!questionnaire) return <NotLoaded problem={stored.problems?.[0]} />;

  /** The firm's words for a SPEC question; the site's own are kept out of the stored wording. */
  const reword = (name: QuestionName, label: string, hint: string) => {
    const own = applicationQuestions[name];
    const { [name]: _, ...others } = questionnaire.wording;
    const same = label === own.label && hint === (own.hint ?? '');
    setEdited({ ...questionnaire, wording: same ? others : { ...others, [name]: { label, hint } } });
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    setProblems([]);
    setStatus('');
    void (async () => {
      try {
        const version = stored.data?.version;
        if (version === null || version === undefined) throw new Error('no version');
        const answer = await call(saveQuestionnaire, { body: { questionnaire, basedOn: version } });
        setEdited(null);
        await stored.reload();
        setStatus(answer.infoMessages.join(' '));
      } catch (error) {
        setProblems(problemsOf(error));
        await stored.reload();
      }
      feedback.current?.focus();
    })();
  };

  return (
    <section aria-labelledby="questionnaire-title">
      <h1 id="questionnaire-title">Questionnaire</h1>
      <p className="prose">
        The questions a visitor answers on the application page before booking a call. Change how each is
        worded and its help text, and ask up to ten questions of your own; staff see every answer with the
        application.
      </p>
      <div ref={feedback} tabIndex={-1}>
        <Feedback status={status} problems={problems} />
      </div>
      <form className="bo-settings" onSubmit={save} noValidate>
        <fieldset>
          <legend>The site’s questions</legend>
          {questionNames.map((name) => {
            const own = applicationQuestions[name];
            const wording = questionnaire.wording[name] ?? { label: own.label, hint: own.hint ?? '' };
            return (
              <fieldset key={name} className="bo-office">
                <legend>{own.label}</legend>
                <Line
                  id={`question-${name}-label`}
                  label="Question"
                  value={wording.label}
                  max={200}
                  onChange={(label) => reword(name, label, wording.hint)}
                />
                <Line
                  id={`question-${name}-hint`}
                  label="Help text (if any)"
                  value={wording.hint}
                  max={300}
                  onChange={(hint) => reword(name, wording.label, hint)}
                />
              </fieldset>
            );
          })}
        </fieldset>
        <fieldset>
          <legend>Questions of your own</legend>
          <p className="field__hint">Asked before the visitor’s name and email address.</p>
          <Items
            items={questionnaire.own}
            max={10}
            min={0}
            adding="Add a question"
            name={(question, index) => question.label || `Question ${index + 1}`}
            blank={{
              id: freshId(questionnaire.own),
              kind: 'short',
              label: '',
              hint: '',
              required: false,
              options: [],
            }}
            onChange={(own) => setEdited({ ...questionnaire, own })}
          >
            {(question, index, change) => (
              <>
                <Line
                  id={`own-${index}-label`}
                  label="Question"
                  value={question.label}
                  max={200}
                  onChange={(label) => change({ ...question, label })}
                />
                <Line
                  id={`own-${index}-hint`}
                  label="Help text (if any)"
                  value={question.hint}
                  max={300}
                  onChange={(hint) => change({ ...question, hint })}
                />
                <div className="bo-field">
                  <label htmlFor={`own-${index}-kind`}>The answer is</label>
                  <select
                    id={`own-${index}-kind`}
                    value={question.kind}
                    onChange={(event) => {
                      const kind = event.target.value as OwnQuestionKind;
                      change({ ...question, kind, options: kind === 'choice' ? question.options : [] });
                    }}
                  >
                    {ownQuestionKinds.map((kind) => (
                      <option key={kind} value={kind}>
                        {kindLabels[kind]}
                      </option>
                    ))}
                  </select>
                </div>
                <Tick
                  id={`own-${index}-required`}
                  label="Visitors must answer it"
                  checked={question.required}
                  onChange={(required) => change({ ...question, required })}
                />
                {question.kind === 'choice' && (
                  <LineItems
                    id={`own-${index}-options`}
                    label="Answers to choose from"
                    itemName="Answer"
                    adding="Add an answer"
                    items={question.options}
                    max={12}
                    maxLength={120}
                    onChange={(options) => change({ ...question, options })}
                  />
                )}
              </>
            )}
          </Items>
        </fieldset>
        <p>
          <button type="submit" className="button">
            Save the questionnaire
          </button>
        </p>
      </form>
    </section>
  );
}
