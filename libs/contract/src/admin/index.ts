// Back-office users and the configuration lists (operators, VoIP centrals, SMS gateways; docs/administration.md): one
// file per area, merged into ROUTES by routes.ts. Server: libs/server/src/admin/; console: features/admin/.
export * from './users.js';
export * from './config.js';
