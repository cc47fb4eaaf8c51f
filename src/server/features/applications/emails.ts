import type { MailMessage } from '#server/mail/message.ts';
import { type ApplicationAnswers, describeAnswers } from '#shared/application.ts';

export interface ApplicationMailSettings {
  staffEmail: string;
}

/** Tells the firm about a new application, with every answer, so it is ready before the call. */
export function staffApplicationNotice(
  reference: string,
  answers: ApplicationAnswers,
  settings: ApplicationMailSettings,
): MailMessage {
  return {
    to: settings.staffEmail,
    subject: `New application: ${answers.yourName}, ${answers.businessName}`,
    text: [
      `${answers.yourName} of ${answers.businessName} filled in the application questionnaire.`,
      `Reply to this email to write to them at ${answers.emailAddress}.`,
      '',
      ...applicationDetails(reference, answers),
    ].join('\n'),
    replyTo: answers.emailAddress,
  };
}

/** The answers as the staff read them in any email about this application. */
export function applicationDetails(reference: string, answers: ApplicationAnswers): string[] {
  return [`Application ${reference}`, '', ...describeAnswers(answers).flatMap((answer) => [answer, ''])];
}
