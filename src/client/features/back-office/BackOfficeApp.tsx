import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { call, formToken, problemText } from '#client/lib/api-client.ts';
import { useFirm } from '#client/lib/firm.tsx';
import { backOfficeTitle } from '#shared/accounts.ts';
import { backOfficeMe } from '#shared/api/back-office-overview.ts';
import { subscriberList } from '#shared/api/back-office-subscribers.ts';
import { backOfficeMessages, type StaffRole } from '#shared/back-office.ts';
import { pageTitle } from '#shared/page-title.ts';
import { AdvisersScreen } from './AdvisersScreen.tsx';
import { AvailabilityEditor } from './AvailabilityEditor.tsx';
// Its own stylesheet, fetched with this chunk: the public pages' one stylesheet stays without it.
import stylesheet from './back-office.css?url';
import { DataProtection } from './DataProtection.tsx';
import { forgetDraftsOfOthers, SignedInAs } from './drafts.ts';
import { FirmDetailsEditor } from './FirmDetailsEditor.tsx';
import { InsightsScreen } from './InsightsScreen.tsx';
import { insightsSection, newArticleId } from './insights-paths.ts';
import { LeadDetail, stagedLeads } from './LeadDetail.tsx';
import { ListView } from './ListView.tsx';
import { agenda, applications, contactEnquiries, quoteRequests, subscribers } from './lists.tsx';
import { MyTasks } from './MyTasks.tsx';
import { useNewLeads } from './NewLeadsBadge.tsx';
import { NewsletterScreen } from './NewsletterScreen.tsx';
import { Overview } from './Overview.tsx';
import { PersonDetail } from './PersonDetail.tsx';
import { Pipeline } from './Pipeline.tsx';
import { ProposalSettingsEditor } from './ProposalSettingsEditor.tsx';
import { PagesScreen, pagesSection } from './pages/PagesScreen.tsx';
import { QuestionnaireEditor } from './QuestionnaireEditor.tsx';
import { ReportsScreen } from './ReportsScreen.tsx';
import { Link, useLocation } from './router.tsx';
import { SavedRepliesEditor } from './SavedRepliesEditor.tsx';
import { searchSection } from './SearchBox.tsx';
import { SearchScreen } from './SearchScreen.tsx';
import { SiteAlertsBanner } from './SiteAlertsBanner.tsx';
import { StaffManager } from './StaffManager.tsx';
import { StaffShell } from './StaffShell.tsx';
import { SubscriberDetail } from './SubscriberDetail.tsx';
import { TaskDigestChoice } from './TaskDigestChoice.tsx';
import { WebhookSettings } from './WebhookSettings.tsx';
import { WeekView, weekScreen } from './WeekView.tsx';
import { YourName } from './YourName.tsx';
import { YourSessions } from './YourSessions.tsx';
import { YourRole } from './your-role.ts';

/** Loaded when a campaign is opened: its live preview brings the Markdown renderer. */
const CampaignEditor = lazy(() => import('./CampaignEditor.tsx'));
/** Loaded when an owner opens the price list: its editors and worked example are for them alone. */
const PriceListEditor = lazy(() => import('./PriceListEditor.tsx'));
/** Loaded when a proposal is opened: it brings the rich-text editor. */
const ProposalBuilder = lazy(() => import('./ProposalBuilder.tsx'));

const listScreens = [agenda, contactEnquiries, quoteRequests, applications, subscribers];
const lists = new Map(listScreens.map((list) => [list.endpoints.name, list]));

const sections = [
  ['', 'Overview'],
  ['tasks', 'My tasks'],
  ['pipeline', 'Pipeline'],
  ...listScreens.map(({ endpoints }) => [endpoints.name, endpoints.title] as const),
  ['reports', 'Reports'],
  ['insights', 'Insights'],
  [pagesSection, 'Pages'],
  ['newsletter', 'Newsletter'],
  ['firm', 'Firm details'],
  ['questionnaire', 'Questionnaire'],
  ['availability', 'Availability'],
  ['advisers', 'Advisers'],
  ['saved-replies', 'Saved replies'],
  ['price-list', 'Price list'],
  ['webhook', 'Webhook'],
  ['proposal-settings', 'Proposal reminders'],
  ['staff', 'Staff'],
  ['data-protection', 'Data protection'],
  ['sessions', 'Your account'],
] as const;
// Only an owner may use these (the server refuses anyone else), so nobody else is shown them. An owner
// sees their sessions on the Staff screen instead of a section of their own.
const ownerSections = new Set([
  'firm',
  'saved-replies',
  'price-list',
  'webhook',
  'proposal-settings',
  'questionnaire',
  'advisers',
  'staff',
  'data-protection',
]);
const ownersElsewhere = new Set(['sessions']);
/** Owners, and the members of staff an owner lets keep it. */
const availabilitySection = 'availability';
/** Until the role is known, the sections everyone has. */
const sectionsFor = (role: StaffRole | null, managesAvailability: boolean) =>
  sections.filter(
    ([to]) =>
      (role === 'owner' || !ownerSections.has(to)) &&
      (role === 'staff' || !ownersElsewhere.has(to)) &&
      (managesAvailability || to !== availabilitySection),
  );

export default function BackOfficeApp() {
  const { path, search } = useLocation();
  const [you, setYou] = useState<string | null>(null);
  const [yourName, setYourName] = useState<string | null>(null);
  const [taskDigest, setTaskDigest] = useState(true);
  const [role, setRole] = useState<StaffRole | null>(null);
  const [managesAvailability, setManagesAvailability] = useState(false);
  const [token, setToken] = useState('');
  const [unknown, setUnknown] = useState<string | null>(null);
  useEffect(() => {
    call(backOfficeMe, {})
      .then((me) => {
        forgetDraftsOfOthers(me.email);
        setYou(me.email);
        setYourName(me.name);
        setTaskDigest(me.taskDigest);
        setRole(me.role);
        setManagesAvailability(me.managesAvailability);
      })
      .catch((error) => setUnknown(problemText(error)));
    void formToken().then(setToken);
  }, []);

  const newLeads = useNewLeads(path);

  const [section = '', ...rest] = path.split('/');
  const id = decodeURIComponent(rest.join('/'));
  useScreenTitle(section, id);

  return (
    <>
      <link rel="stylesheet" href={stylesheet} precedence="default" />
      <StaffShell
        sections={sectionsFor(role, managesAvailability)}
        current={section}
        you={you === null ? null : (yourName ?? you)}
        formToken={token}
        newLeads={newLeads}
        searchWords={section === searchSection ? (search.get('q') ?? '') : ''}
      >
        <SiteAlertsBanner path={path} owner={role === 'owner'} />
        {/* The screens wait to know who is signed in: their drafts are kept under that person's name. */}
        {you === null ? (
          unknown ? (
            <p role="alert">{unknown}</p>
          ) : (
            <p>Loading…</p>
          )
        ) : (
          <SignedInAs.Provider value={you}>
            <YourRole.Provider value={role}>
              <Screen
                section={section}
                id={id}
                search={search}
                you={you}
                role={role}
                managesAvailability={managesAvailability}
                yourAccount={
                  <>
                    <YourName name={yourName} onSaved={setYourName} />
                    <TaskDigestChoice on={taskDigest} />
                  </>
                }
              />
            </YourRole.Provider>
          </SignedInAs.Provider>
        )}
      </StaffShell>
    </>
  );
}

function Screen({
  section,
  id,
  search,
  you,
  role,
  managesAvailability,
  yourAccount,
}: {
  section: string;
  id: string;
  search: URLSearchParams;
  you: string;
  role: StaffRole | null;
  managesAvailability: boolean;
  /** Your name and morning email: on your account's screen, or an owner's Staff screen. */
  yourAccount: ReactNode;
}) {
  if (`${section}/${id}` === weekScreen) return <WeekView search={search} />;
  if (section === insightsSection) return <InsightsScreen id={id} />;
  if (section === pagesSection) return <PagesScreen id={id} />;
  const lead = stagedLeads.find(({ name }) => name === section);
  if (id && lead) return <LeadDetail key={`${section}/${id}`} kind={lead} reference={id} />;
  if (id && section === subscriberList.name) return <SubscriberDetail key={id} email={id} />;
  if (id && section === 'people') return <PersonDetail key={id} id={id} />;
  if (id && section === 'proposals') {
    return (
      <Suspense fallback={<p>Loading the proposal…</p>}>
        <ProposalBuilder key={`${id}?${search}`} id={id} search={search} />
      </Suspense>
    );
  }
  if (section === 'newsletter') {
    if (!id) return <NewsletterScreen />;
    const articleId = Number(search.get('article')) || null;
    return (
      <Suspense fallback={<p>Loading the editor…</p>}>
        <CampaignEditor key={id} id={id === 'new' ? null : Number(id)} articleId={articleId} />
      </Suspense>
    );
  }
  const list = lists.get(section);
  // biome-ignore lint/suspicious/noExplicitAny: each list knows its own row type
  if (list) return <ListView key={section} list={list as any} search={search} />;
  const refused =
    ownerSections.has(section) && role !== 'owner'
      ? backOfficeMessages.ownersOnly
      : section === availabilitySection && !managesAvailability
        ? backOfficeMessages.availabilityOnly
        : null;
  if (refused) {
    if (role === null) return null;
    const heading = sections.find(([to]) => to === section)?.[1];
    return (
      <section aria-labelledby="owners-only-title">
        <h1 id="owners-only-title">{heading}</h1>
        <p role="alert">{refused}</p>
        <p>
          <Link to="">Back to the overview</Link>
        </p>
      </section>
    );
  }
  if (section === 'sessions') {
    return (
      <section aria-labelledby="your-account-title">
        <h1 id="your-account-title">Your account</h1>
        {yourAccount}
        <YourSessions onEnded={() => {}} />
      </section>
    );
  }
  if (section === 'firm') return <FirmDetailsEditor />;
  if (section === 'questionnaire') return <QuestionnaireEditor />;
  if (section === availabilitySection) return <AvailabilityEditor />;
  if (section === 'advisers') return <AdvisersScreen />;
  if (section === 'saved-replies') return <SavedRepliesEditor />;
  if (section === 'price-list') {
    return (
      <Suspense fallback={<p>Loading the price list…</p>}>
        <PriceListEditor />
      </Suspense>
    );
  }
  if (section === 'webhook') return <WebhookSettings />;
  if (section === 'proposal-settings') return <ProposalSettingsEditor />;
  if (section === 'staff') return <StaffManager you={you} yourAccount={yourAccount} />;
  if (section === 'data-protection') return <DataProtection />;
  if (section === '') return <Overview />;
  if (section === 'pipeline') return <Pipeline />;
  if (section === 'tasks') return <MyTasks />;
  if (section === searchSection) {
    const words = search.get('q') ?? '';
    return <SearchScreen key={words} words={words} />;
  }
  if (section === 'reports') return <ReportsScreen search={search} />;
  return (
    <p role="alert">
      There is no such screen. <Link to="">Back to the overview</Link>
    </p>
  );
}

/** What the screen at this path is called: a section's label, or what one of its pages shows. */
function screenName(section: string, id: string): string | undefined {
  if (`${section}/${id}` === weekScreen) return 'Week of calls';
  if (section === searchSection) return 'Search';
  if (!id) return sections.find(([to]) => to === section)?.[1];
  if (section === insightsSection) return id === newArticleId ? 'New article' : 'Article';
  if (section === pagesSection) return 'Page';
  if (section === 'newsletter') return 'Newsletter';
  if (section === 'people') return 'Person';
  if (section === 'proposals') return id === 'new' ? 'New proposal' : 'Proposal';
  return section === subscriberList.name ? 'Subscriber' : 'Lead';
}

/**
 * Names the browser tab after the screen ("Pipeline | Back office | …"), so tabs and history tell apart,
 * and after the firm as it is now named.
 */
function useScreenTitle(section: string, id: string) {
  const firmName = useFirm().name;
  useEffect(() => {
    const screen = screenName(section, id);
    const page = pageTitle(backOfficeTitle, firmName);
    document.title = screen ? `${screen} | ${page}` : page;
  }, [section, id, firmName]);
}
