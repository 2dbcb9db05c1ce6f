/** Injection token of the pino logger. */
export const LOGGER = Symbol('LOGGER');
