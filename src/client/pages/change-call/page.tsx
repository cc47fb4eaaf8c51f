import { Island } from '#client/islands/Island.tsx';
import { FormPage } from '#client/lib/FormPage.tsx';
import { changeCallPagePath } from '#shared/api/booking-changes.ts';
import type { PageMeta } from '../page-module.ts';

export const meta: PageMeta = {
  path: changeCallPagePath,
  title: 'Change the time of your call',
  description: 'Move your initial call to another free time.',
  noindex: true,
};

const steps = [
  'Choose a new day, then a time: the calendar offers only times that are free.',
  'We email you the new time with an updated invitation, which moves the call in your calendar.',
  'The links in that email replace the ones before it.',
];

export default function ChangeCallPage() {
  return (
    <FormPage
      eyebrow="Your call"
      heading="Change the time of your call"
      lead="Your call keeps its reference and its adviser; only the time changes."
      steps={steps}
      contact={false}
    >
      <Island name="change-call-form" props={{}} />
    </FormPage>
  );
}
