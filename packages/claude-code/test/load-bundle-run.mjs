// Run by load-bundle.test.ts in a fresh node process (V8 keeps compiled scripts in memory, so a
// second load in one process would never read its code cache): loads a bundle with the built
// loadBundle, calls its `answer()` and `later()`, saves the code cache and prints
// `{ codeCache, answer, later }`.
// Arguments: <loader URL> <bundle file> <variant> <cache folder>
const [loader, file, variant, cacheFolder] = process.argv.slice(2);
const { loadBundle } = await import(loader);
const loaded = loadBundle(file, { variant, cacheFolder });
const answer = loaded.exports.answer();
const later = (await loaded.exports.later()).word;
loaded.saveCodeCache();
process.stdout.write(JSON.stringify({ codeCache: loaded.codeCache, answer, later }));
