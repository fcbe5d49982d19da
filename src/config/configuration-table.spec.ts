import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { documentedEnvironmentVariables } from './environment-variable.decorator.js';
import { EnvironmentSchema } from './environment.schema.js';
import { renderConfigurationTable } from './configuration-table.js';

const START = '<!-- configuration-table:start -->';
const END = '<!-- configuration-table:end -->';

describe('the configuration documentation', () => {
  it('README.md holds the table generated from the schema (regenerate with `npm run config:table`)', () => {
    const readme = readFileSync('README.md', 'utf8');
    const table = readme.slice(readme.indexOf(START) + START.length, readme.indexOf(END)).trim();
    expect(table).toBe(renderConfigurationTable());
  });

  it('.env.example names every variable of the schema and no other', () => {
    const named = readFileSync('.env.example', 'utf8')
      .split('\n')
      .map((line) => /^#?\s*([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
      .filter((name): name is string => name !== undefined);
    expect([...new Set(named)].sort()).toEqual([...documentedEnvironmentVariables(EnvironmentSchema).keys()].sort());
  });
});
