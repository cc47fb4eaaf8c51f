import { useEffect, useState } from 'react';
import { accountPaths } from '../../../shared/accounts.ts';
import { AvailabilityEditor } from './AvailabilityEditor.tsx';
import { api, formToken } from './api.ts';
// Its own stylesheet, fetched with this chunk: the public pages' one stylesheet stays without it.
import stylesheet from './back-office.css?url';
import { DataProtection } from './DataProtection.tsx';
import { LeadDetail, type LeadPath } from './LeadDetail.tsx';
import { ListView } from './ListView.tsx';
import { agenda, applications, contactEnquiries, quoteRequests, subscribers } from './lists.tsx';
import { Overview } from './Overview.tsx';
import { Link, useLocation } from './router.tsx';
import { StaffManager } from './StaffManager.tsx';
import { SubscriberDetail } from './SubscriberDetail.tsx';

const sections = [
  ['', 'Overview'],
  ['bookings', 'Calls'],
  ['contact-enquiries', 'Contact enquiries'],
  ['quote-requests', 'Quote requests'],
  ['applications', 'Applications'],
  ['subscribers', 'Subscribers'],
  ['availability', 'Availability'],
  ['staff', 'Staff'],
  ['data-protection', 'Data protection'],
] as const;

const lists = {
  bookings: agenda,
  'contact-enquiries': contactEnquiries,
  'quote-requests': quoteRequests,
  applications,
  subscribers,
} as const;

export default function BackOfficeApp() {
  const { path, search } = useLocation();
  const [you, setYou] = useState<string | null>(null);
  const [token, setToken] = useState('');
  useEffect(() => {
    void api.get<{ email: string }>('/me').then((me) => setYou(me.email));
    void formToken().then(setToken);
  }, []);

  const [section = '', ...rest] = path.split('/');
  const id = decodeURIComponent(rest.join('/'));

  return (
    <div className="container bo">
      <link rel="stylesheet" href={stylesheet} precedence="default" />
      <div className="bo-bar">
        <nav aria-label="Back office">
          <ul className="bo-nav">
            {sections.map(([to, label]) => (
              <li key={to}>
                <Link to={to} current={section === to}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <form method="post" action={accountPaths.logout} className="bo-signout">
          {you && <span className="bo-muted">Signed in as {you}</span>}
          <input type="hidden" name="formToken" value={token} />
          <button type="submit" className="button button--secondary" disabled={!token}>
            Sign out
          </button>
        </form>
      </div>
      <Screen section={section} id={id} search={search} you={you ?? ''} />
    </div>
  );
}

function Screen({
  section,
  id,
  search,
  you,
}: {
  section: string;
  id: string;
  search: URLSearchParams;
  you: string;
}) {
  if (id && (section === 'enquiries' || section === 'applications' || section === 'bookings')) {
    return <LeadDetail key={`${section}/${id}`} path={section as LeadPath} reference={id} />;
  }
  if (id && section === 'subscribers') return <SubscriberDetail key={id} email={id} />;
  if (section in lists) {
    const list = lists[section as keyof typeof lists];
    // biome-ignore lint/suspicious/noExplicitAny: each list knows its own row type
    return <ListView key={`${section}?${search}`} list={list as any} search={search} />;
  }
  if (section === 'availability') return <AvailabilityEditor />;
  if (section === 'staff') return <StaffManager you={you} />;
  if (section === 'data-protection') return <DataProtection />;
  if (section === '') return <Overview />;
  return (
    <p role="alert">
      There is no such screen. <Link to="">Back to the overview</Link>
    </p>
  );
}
