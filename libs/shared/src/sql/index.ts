// The read side's SQL, for infrastructure/ folders: the reader, the read models it maps, list
// windows and numbered parameters. An application/ folder reads through its query ports instead,
// and `npm run depcheck` refuses it this entry and the reader.
export * from './sql-reader.js';
export * from './read-model.js';
export * from './list-window.js';
export * from './sql-params.js';
