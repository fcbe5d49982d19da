// The npm registry this project installs from does not serve every platform build of packages
// with native optional dependencies (for example @swc/core-darwin-arm64). `npm install` then
// leaves those entries out of package-lock.json, and `npm ci` refuses the lock file as out of
// sync. This adds each missing optional platform package as an optional entry, which `npm ci`
// skips on a platform it does not match and tolerates when it cannot fetch it.
// Run after `npm install` changes the lock file: npm run lock:complete
import { readFileSync, writeFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const packages = lock.packages;
let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    const version = spec.replace(/^[~^=]/, '');
    packages[`node_modules/${name}`] = { version, ...(entry.dev && { dev: true }), optional: true };
    added += 1;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} optional platform entries`);
