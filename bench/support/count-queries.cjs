// Preloaded into the API by bench/growth.ts (`node --require bench/support/count-queries.cjs
// api/dist/main.js`): counts every SQL statement SQLite executes, through better-sqlite3's own
// `verbose` hook, without a line of the API changed. The count is read over the IPC channel:
// the parent sends 'count' and gets { count } back. Plain CommonJS so Node loads it as is.
const resolved = require.resolve('better-sqlite3', { paths: [process.cwd()] });
const Database = require(resolved);
let count = 0;

function CountedDatabase(filename, options = {}) {
  const verbose = options.verbose;
  return new Database(filename, {
    ...options,
    verbose: (...args) => {
      count += 1;
      if (typeof verbose === 'function') verbose(...args);
    },
  });
}
Object.setPrototypeOf(CountedDatabase, Database);
CountedDatabase.prototype = Database.prototype;
require.cache[resolved].exports = CountedDatabase;

process.on('message', (message) => {
  if (message === 'count' && process.send) process.send({ count });
});
// The IPC channel must not keep the API alive after it has closed.
if (process.channel) process.channel.unref();
