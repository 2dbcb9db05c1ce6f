import { AppConfig, startupFailed } from '@tracker/server';
import { createApi } from './app.js';

// a refusal to start (docs/deployment.md "Mode": the startup checks run in the bootstrap hooks, at listen) is one JSON
// log line on stderr and exit code 1
const app = await createApi().catch((err: unknown) => startupFailed('api', err));
const config = app.get(AppConfig);
await app.listen(config.get('PORT'), config.get('HOST')).catch((err: unknown) => startupFailed('api', err));
console.log(`api listening on http://${config.get('HOST')}:${config.get('PORT')}`);
