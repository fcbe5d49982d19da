import { documentedEnvironmentVariables } from './environment-variable.decorator.js';
import { EnvironmentSchema } from './environment.schema.js';

/** The README's configuration table, generated from the schema so that the two cannot drift apart. */
export function renderConfigurationTable(): string {
  const defaults = new EnvironmentSchema() as unknown as Record<string, unknown>;
  const documented = documentedEnvironmentVariables(EnvironmentSchema);
  const undocumented = Object.keys(defaults).filter((name) => !documented.has(name));
  if (undocumented.length > 0) throw new Error(`undocumented environment variables: ${undocumented.join(', ')}`);

  const rows = [...documented].map(([name, doc]) => {
    const value = defaults[name];
    const fallback = doc.defaultDescription ?? (value === undefined ? 'unset' : `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``);
    const description = `${doc.description}${doc.sensitive ? ' (secret)' : ''}`.replace(/\|/g, '\\|');
    return `| \`${name}\` | ${fallback} | ${description} |`;
  });
  return ['| Variable | Default | Description |', '| --- | --- | --- |', ...rows].join('\n');
}
