// A dependency-cruiser reporter (`npm run lint:deps`): folders form layers, so no two folders of
// src/ import each other, directly or round a longer loop. depcruise's own `no-circular` sees files
// only, and its folder scope cannot leave out the database layer's entity lists, the one upward
// import allowed. A folder and the folders inside it are one unit here (a module and its parts), so
// the graph is drawn at every depth: src/a ↔ src/b, then src/a/x ↔ src/a/y, and so on.

/**
 * Known loops, each with the change that removes it; any other loop, or a known one that grows,
 * fails the check.
 */
const KNOWN_LOOPS = new Map([
  [
    'src/accounts ↔ src/billing ↔ src/firms ↔ src/mcp ↔ src/oauth',
    'oauth/tokens (the bearer guard) serves accounts, billing and mcp, and oauth imports accounts and billing back: issue 29 moves authentication to src/auth',
  ],
]);

/** The database layer lists every module's entities: an edge the layering allows. */
const isEntityList = (from, to) => from.startsWith('src/database/') && to.endsWith('.entity.ts');

function folderAt(path, depth) {
  const parts = path.split('/');
  return parts.length > depth + 1 ? parts.slice(0, depth + 1).join('/') : null;
}

/** Groups of folders that reach one another (Tarjan's strongly connected components, size > 1). */
function loops(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const visit = (folder) => {
    index.set(folder, next);
    low.set(folder, next++);
    stack.push(folder);
    onStack.add(folder);
    for (const to of edges.get(folder) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(folder, Math.min(low.get(folder), low.get(to)));
      } else if (onStack.has(to)) low.set(folder, Math.min(low.get(folder), index.get(to)));
    }
    if (low.get(folder) !== index.get(folder)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== folder);
    if (group.length > 1) found.push(group.sort());
  };
  for (const folder of edges.keys()) if (!index.has(folder)) visit(folder);
  return found;
}

export default function report(result) {
  const sources = result.modules.filter((module) => module.source.startsWith('src/'));
  const deepest = Math.max(...sources.map((module) => module.source.split('/').length - 1));
  const problems = [];
  const known = [];
  for (let depth = 1; depth < deepest; depth++) {
    const edges = new Map();
    const witness = new Map();
    for (const module of sources) {
      const from = folderAt(module.source, depth);
      if (!from) continue;
      for (const dependency of module.dependencies) {
        const to = dependency.resolved.startsWith('src/') ? folderAt(dependency.resolved, depth) : null;
        if (!to || to === from || isEntityList(module.source, dependency.resolved)) continue;
        // A folder inside another belongs to it: only siblings can form layers.
        if (from.slice(0, from.lastIndexOf('/')) !== to.slice(0, to.lastIndexOf('/'))) continue;
        if (!edges.has(from)) edges.set(from, new Set());
        edges.get(from).add(to);
        if (!witness.has(`${from}→${to}`)) witness.set(`${from}→${to}`, `${module.source} → ${dependency.resolved}`);
      }
    }
    for (const group of loops(edges)) {
      const name = group.join(' ↔ ');
      if (KNOWN_LOOPS.has(name)) {
        known.push(`  known: ${name} (${KNOWN_LOOPS.get(name)})`);
        continue;
      }
      const shown = [...witness].filter(([edge]) => group.some((folder) => edge.startsWith(`${folder}→`)) && group.includes(edge.split('→')[1]));
      problems.push(`  error two-way-folder-imports: ${name}\n${shown.map(([, files]) => `      ${files}`).join('\n')}`);
    }
  }
  const output = problems.length
    ? `\n${problems.join('\n')}\n\nx ${problems.length} loop(s) between folders: a folder may import another only if nothing there imports it back.\n`
    : `\n✔ no two folders import each other${known.length ? `, except the known:\n${known.join('\n')}` : ''}\n`;
  return { output, exitCode: problems.length };
}
