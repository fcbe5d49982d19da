// Summarises a V8 .cpuprofile (node --cpu-prof) of the service: self time by function and by
// package from its first /mcp request on, so that a bench run can say where a call's time goes
// (bench/README.md, "Profiling a tool call").
//
//   node bench/support/profile-summary.mjs /tmp/prof/CPU.*.cpuprofile [top=25]
import { readFileSync } from 'node:fs';

const [file, topArgument] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: node bench/support/profile-summary.mjs <file.cpuprofile> [top]\n');
  process.exit(2);
}
const top = Number(topArgument ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
// Start-up (module loading, the OpenAPI document, key generation) is not a call's cost: samples
// count from the first one taken inside the /mcp controller, i.e. from the first request on.
const inController = (id) => {
  for (let current = id; current !== undefined; current = parentOf.get(current))
    if (byId.get(current).callFrame.url.includes('/mcp/mcp.controller.js')) return true;
  return false;
};
const firstRequest = profile.samples.findIndex(inController);
const selfMicros = new Map();
profile.samples.forEach((id, index) => {
  if (index >= Math.max(0, firstRequest)) selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
});

const total = [...selfMicros.values()].reduce((sum, value) => sum + value, 0);
const idle = new Set(['(idle)', '(program)', '(garbage collector)']);
const where = (frame) => {
  const url = frame.url ?? '';
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1];
  if (url.includes('/dist/src/')) return `service: ${url.slice(url.indexOf('/dist/src/') + 10).split('/')[0]}`;
  if (url.startsWith('node:')) return url;
  return url === '' ? frame.functionName || '(native)' : url.split('/').slice(-2).join('/');
};
const functions = new Map();
const packages = new Map();
for (const [id, micros] of selfMicros) {
  const frame = byId.get(id).callFrame;
  const name = `${frame.functionName || '(anonymous)'}  ${where(frame)}:${frame.lineNumber + 1}`;
  functions.set(name, (functions.get(name) ?? 0) + micros);
  const pkg = idle.has(frame.functionName) ? frame.functionName : where(frame);
  packages.set(pkg, (packages.get(pkg) ?? 0) + micros);
}
const print = (title, map) => {
  console.log(`\n${title} (self time, % of ${(total / 1e6).toFixed(1)} s sampled)`);
  for (const [name, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${((100 * micros) / total).toFixed(1).padStart(5)} %  ${name}`);
};
print('by package or service module', packages);
print('by function', functions);
