// Plain TypeScript that any context's domain may use: no framework, no ORM, no HTTP.
export * from './domain-error.js';
export * from './money.js';
export * from './ids.js';
export * from './page.js';
export * from './clock.js';
export * from './calendar.js';
export * from './phone-number.js';
export * from './domain-events.js';
export * from './undo.js';
export * from './versions.js';
