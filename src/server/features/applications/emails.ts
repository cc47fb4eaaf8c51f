import type { MailMessage } from '#server/mail/message.ts';
import {
  type ApplicationAnswers,
  applicationQuestions,
  type QuestionName,
  questionNames,
} from '#shared/application.ts';

export interface ApplicationMailSettings {
  staffEmail: string;
}

/** The applicant's own details as staff name them; the form asks "Your name", staff read "Name". */
const staffLabels: Partial<Record<QuestionName, string>> = {
  yourName: 'Name',
  emailAddress: 'Email address',
  businessName: 'Business name',
  website: 'Website',
};

/** Every answer as [label, value] in the page's order: the question itself, or a staff label. */
export function answersForStaff(answers: ApplicationAnswers): [string, string][] {
  return questionNames.map((name) => {
    const answer = answers[name];
    return [
      staffLabels[name] ?? applicationQuestions[name].label,
      answer === '' ? '(not given)' : String(answer),
    ];
  });
}

/** Tells the firm about a new application, with every answer, so it is ready before the call. */
export function staffApplicationNotice(
  reference: string,
  answers: ApplicationAnswers,
  settings: ApplicationMailSettings,
): MailMessage {
  const opening = `${answers.yourName} of ${answers.businessName} filled in the application questionnaire.`;
  const replyHint = `Reply to this email to write to them at ${answers.emailAddress}.`;
  return {
    to: settings.staffEmail,
    subject: `New application: ${answers.yourName}, ${answers.businessName}`,
    text: [opening, replyHint, '', ...applicationDetails(reference, answers)].join('\n'),
    body: {
      preview: opening,
      heading: 'New application',
      blocks: [
        { kind: 'paragraph', text: `${opening} ${replyHint}` },
        { kind: 'details', rows: [['Reference', reference], ...answersForStaff(answers)] },
      ],
    },
    replyTo: answers.emailAddress,
  };
}

/** The answers as the staff read them in any email about this application. */
export function applicationDetails(reference: string, answers: ApplicationAnswers): string[] {
  return [
    `Application ${reference}`,
    '',
    ...answersForStaff(answers).flatMap(([label, value]) => [`${label}\n${value}`, '']),
  ];
}
