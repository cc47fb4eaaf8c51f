// A Web Worker that searches for the ALTCHA counter, with the browser's own SHA-256 (Web Crypto).
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { handler } from 'altcha-lib/workers/shared';

handler({ deriveKey });
