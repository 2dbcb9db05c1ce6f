export * from './roles.js';
export * from './access.js';
export * from './errors.js';
export * from './constants.js';
export * from './enums.js';
export * from './validation.js';
export * from './schemas.js';
export * from './routes.js';
