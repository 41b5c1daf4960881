// The only module agent/ and coordinator/ import from proto/.
export * from './codec.js';
export * from './constants.js';
export * from './links.js';
export * from './measure.js';
export * from './page.js';
export * from './parts.js';
export * from './stream-data.js';
export * from './upgrade.js';
