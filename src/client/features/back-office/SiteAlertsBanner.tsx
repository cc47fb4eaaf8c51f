import { useEffect, useState } from 'react';
import { call } from '#client/lib/api-client.ts';
import { type SiteAlerts, siteAlerts } from '#shared/api/back-office-alerts.ts';

type Alert = SiteAlerts['alerts'][number];

/**
 * What is wrong with the site (mail failing, a failed backup, a calendar unread, a full disk), above every
 * screen of an owner's back office while it lasts; asked again on each move between screens (`path`).
 */
export function SiteAlertsBanner({ path, owner }: { path: string; owner: boolean }) {
  const [alerts, setAlerts] = useState<Alert[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a move to another screen is a reason to ask again
  useEffect(() => {
    if (!owner) return;
    let current = true;
    void call(siteAlerts, {}).then(
      (answer) => current && setAlerts(answer.alerts),
      // The banner is a courtesy: a failed ask leaves what was shown; the screen reports a lost session.
      () => {},
    );
    return () => {
      current = false;
    };
  }, [path, owner]);
  if (alerts.length === 0) return null;
  return (
    <section className="bo-alerts" aria-labelledby="bo-alerts-heading">
      <h2 id="bo-alerts-heading" className="visually-hidden">
        Problems with the website
      </h2>
      {alerts.map((alert) => (
        <div key={alert.kind} className="bo-alert">
          <p>
            <strong>{alert.title}</strong> since{' '}
            <time dateTime={alert.since}>
              {new Date(alert.since).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}
            </time>
          </p>
          <p>{alert.detail}</p>
          <p>{alert.whatToDo}</p>
        </div>
      ))}
    </section>
  );
}
