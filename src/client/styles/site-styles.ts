// Every stylesheet of the site, made one file by the build (vite.config.ts) and linked by every page. The
// pages are written by the server, so no page's script imports the styles of what it shows: they are all
// here, in the order of the cascade the site was designed with (the firm's colours come after them all,
// from the server's /theme.css).
import '../features/mailing-list/mailing-list.css';
import '../features/site/site.css';
import './theme.css';
import './base.css';
import './forms.css';
import './insights.css';
import './modal.css';
import '../features/calendar/calendar.css';
import '../features/booking/booking.css';
import '../sections/sections.css';
import '../sections/facts.css';
import '../features/applications/applications.css';
import '../features/enquiries/enquiries.css';
import '../features/instant-quote/instant-quote.css';
import '../sections/legal/cookie-list.css';
import '../sections/highlights.css';
import '../features/accounts/accounts.css';
import '../sections/services.css';
import '../features/vat-explainer/vat-explainer.css';
import '../features/calendar/date-picker.css';
import '../features/proposals/proposal.css';
