import { z } from 'zod';

// The page's CSP has no 'unsafe-eval'. Zod builds its schemas at import time and would probe eval (logging a
// CSP violation) unless told first, so main.tsx imports this module before anything else.
z.config({ jitless: true });
