export * from './gateway.js';
export * from './signature.js';
export * from './twilio.gateway.js';
