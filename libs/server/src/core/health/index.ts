export * from './health.service.js';
export * from './http-drain.js';
