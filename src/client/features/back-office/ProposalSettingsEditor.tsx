import { type FormEvent, useState } from 'react';
import { call } from '#client/lib/api-client.ts';
import { readProposalSettings, saveProposalSettings } from '#shared/api/back-office-proposals.ts';
import type { ProposalSettings } from '#shared/proposals.ts';
import { Feedback } from './Feedback.tsx';
import { NotLoaded } from './NotLoaded.tsx';
import { useAction } from './useAction.ts';
import { useEndpoint } from './useEndpoint.ts';

/** The owners' choices for proposals: when a client is reminded, how often, and when the link stops. */
export function ProposalSettingsEditor() {
  const stored = useEndpoint(readProposalSettings, {});
  if (!stored.data) return <NotLoaded problem={stored.problem} />;
  return <SettingsForm stored={stored.data} onSaved={stored.reload} />;
}

function SettingsForm({ stored, onSaved }: { stored: ProposalSettings; onSaved: () => Promise<unknown> }) {
  const [settings, setSettings] = useState(stored);
  const { status, problems, act } = useAction(async () => {
    await onSaved();
  });
  const save = (event: FormEvent) => {
    event.preventDefault();
    act(() => call(saveProposalSettings, { body: settings }));
  };
  const number = (field: keyof ProposalSettings, label: string, min: number, max: number) => (
    <label>
      {label}
      <input
        type="number"
        required
        min={min}
        max={max}
        value={settings[field]}
        onChange={(event) => setSettings({ ...settings, [field]: Number(event.target.value) })}
      />
    </label>
  );
  return (
    <section aria-labelledby="proposal-settings-title">
      <h1 id="proposal-settings-title">Proposal reminders</h1>
      <p>
        A client who has not answered a proposal is emailed a reminder, with the same link, so many days after
        it was sent and again after as many more, up to the number of reminders you choose. After the expiry
        the link stops working and the proposal shows as expired.
      </p>
      <form onSubmit={save} className="bo-inline-form">
        {number('reminderDays', 'Remind after (days; 0 for no reminders)', 0, 60)}
        {number('reminders', 'Reminders at most', 0, 5)}
        {number('expiryDays', 'Link works for (days)', 1, 365)}
        <button type="submit" className="button">
          Save
        </button>
        <Feedback status={status} problems={problems} />
      </form>
    </section>
  );
}
