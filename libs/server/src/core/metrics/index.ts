export * from './metrics.service.js';
export * from './metrics.repository.js';
