export * from './registry.js';
export * from './job-queue.service.js';
export * from './job-handler.decorator.js';
export * from './job-worker.host.js';
export * from './jobs.module.js';
export * from './job-failures.js';
export * from './jobs-admin.js';
