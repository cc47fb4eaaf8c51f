import { z } from 'zod';

// Zod's compiled validators first probe whether `new Function` works. The site's CSP forbids it, so in a
// browser the probe is reported as a violation (and marks the page down in audits) even though Zod
// recovers. The plain validators are quick enough for forms this size, on both sides.
z.config({ jitless: true });

export { z };
