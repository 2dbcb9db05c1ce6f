import { AppConfig } from '@tracker/server';
import { createApi } from './app.js';

const app = await createApi();
const config = app.get(AppConfig);
await app.listen(config.get('PORT'), config.get('HOST'));
console.log(`api listening on http://${config.get('HOST')}:${config.get('PORT')}`);
