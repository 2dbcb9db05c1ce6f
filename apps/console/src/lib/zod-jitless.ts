// Imported first by main.tsx, before any schema is built: zod would otherwise probe `new Function` to compile fast
// object parsers, which the console's Content-Security-Policy (no 'unsafe-eval', docs/access.md) refuses and reports.
import { config } from 'zod';

config({ jitless: true });
