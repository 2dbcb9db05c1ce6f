export * from './health.service.js';
