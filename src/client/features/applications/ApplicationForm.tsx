import { type FormEvent, Fragment, useEffect, useRef, useState } from 'react';
import { ErrorSummary } from '#client/lib/ErrorSummary.tsx';
import { FormField } from '#client/lib/FormField.tsx';
import { applicationRoute } from '#shared/api/form-routes.ts';
import { applicationMessages, applicationSections, type QuestionName } from '#shared/application.ts';
import { type CallBookedDetail, callBookedEvent } from '#shared/call-booked.ts';
import { askedQuestion, ownField, type Questionnaire } from '#shared/questionnaire.ts';
import { bookedModalCloseMs } from '#shared/timings.ts';
import { LazyBookCallModal } from '../booking/LazyBookCallModal.tsx';
import { videoLinkMessage } from '../booking/video-link.ts';
import { ownFieldName, type StoredApplication, useApplicationForm } from './useApplicationForm.ts';

/**
 * The application questionnaire (docs/behaviour/applications.md#arrange-an-initial-chat): 'Arrange an initial chat' checks and stores the answers, then
 * opens the booking modal with the email filled in; once the call is booked the modal closes after 3 s and
 * the page says when the call is and where the link will go.
 */
/** The id of a question's control: error summaries link to it. */
const controlId = (name: string) => `application-${name}`;

export function ApplicationForm({ questionnaire }: { questionnaire: Questionnaire }) {
  const form = useApplicationForm(questionnaire.own);
  const [booking, setBooking] = useState<StoredApplication | null>(null);
  const [booked, setBooked] = useState<CallBookedDetail | null>(null);
  const [attempt, setAttempt] = useState(0);
  const confirmation = useRef<HTMLHeadingElement>(null);
  const bookedDetail = useRef<CallBookedDetail | null>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const errorEntries = Object.entries(form.errors) as [string, string][];

  useEffect(() => {
    if (!booking) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onBooked = (event: Event) => {
      bookedDetail.current = (event as CustomEvent<CallBookedDetail>).detail;
      timer = setTimeout(() => setBooked(bookedDetail.current), bookedModalCloseMs);
    };
    window.addEventListener(callBookedEvent, onBooked);
    return () => {
      window.removeEventListener(callBookedEvent, onBooked);
      clearTimeout(timer);
    };
  }, [booking]);

  useEffect(() => {
    if (booked) confirmation.current?.focus();
  }, [booked]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const application = await form.submit();
    if (application) setBooking(application);
    else setAttempt((count) => count + 1);
  };

  const onModalClose = () => {
    setBooking(null);
    // Closed by the visitor before the 3 s were up: the call is booked all the same.
    if (bookedDetail.current) setBooked(bookedDetail.current);
    else submitButton.current?.focus();
  };

  if (booked) {
    return (
      <div className="application-booked">
        <h2 ref={confirmation} tabIndex={-1}>
          Thank you
        </h2>
        <p>{applicationMessages.booked(booked.date, booked.time)}</p>
        <p>{videoLinkMessage(booked.videoLink, booked.email)}</p>
      </div>
    );
  }

  return (
    <>
      {/* Posted, never sent to its own address, should the script not take it (server/http/scripted-form.ts). */}
      <form
        className="application"
        method="post"
        action={applicationRoute.path}
        onSubmit={onSubmit}
        onFocus={form.prepare}
        noValidate
      >
        <ErrorSummary
          errors={errorEntries.map(([name, message]) => ({ id: controlId(name), message }))}
          problem={form.problem}
          attempt={attempt}
        />
        {applicationSections.map((section, index) => (
          <Fragment key={section.title}>
            {/* The firm's own questions come before those about the applicant, which end the form. */}
            {index === applicationSections.length - 1 && questionnaire.own.length > 0 && (
              <fieldset className="application__section">
                <legend>
                  <h2 className="application__section-title">A few more questions</h2>
                </legend>
                {questionnaire.own.map((question) => (
                  <FormField
                    key={question.id}
                    id={controlId(ownFieldName(question.id))}
                    name={ownFieldName(question.id)}
                    field={ownField(question)}
                    value={form.ownAnswers[question.id] ?? ''}
                    error={form.errors[ownFieldName(question.id)]}
                    onChange={(text) => form.answerOwn(question.id, text)}
                  />
                ))}
              </fieldset>
            )}
            <fieldset className="application__section">
              <legend>
                <h2 className="application__section-title">{section.title}</h2>
              </legend>
              {(Object.keys(section.questions) as QuestionName[]).map((name) => (
                <FormField
                  key={name}
                  id={controlId(name)}
                  name={name}
                  field={askedQuestion(name, questionnaire)}
                  value={form.answers[name]}
                  error={form.errors[name]}
                  onChange={(text) => form.answer(name, text)}
                />
              ))}
            </fieldset>
          </Fragment>
        ))}
        <div ref={form.botCheck.container} />
        <p className="application__submit">
          <button ref={submitButton} type="submit" className="button" disabled={form.sending}>
            Arrange an initial chat
          </button>
          <span role="status">{form.sending ? 'Saving your answers…' : ''}</span>
        </p>
      </form>
      {booking && (
        <LazyBookCallModal
          initialEmail={booking.email}
          applicationReference={booking.reference}
          onClose={onModalClose}
        />
      )}
    </>
  );
}
