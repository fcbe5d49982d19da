import { describe, expect, it } from '@jest/globals';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { InvalidInputException } from '../../common/errors/app.exception.js';
import { callToolResultJson, toolErrorResult } from './tool-registry.service.js';

describe('callToolResultJson', () => {
  it('writes a successful result as JSON.stringify would, reusing its text (quotes, newlines, unicode and nesting intact)', () => {
    const output = { name: 'Acme "Tooling"\n', amounts: [1.5, -2, null], nested: { é: 'ünïcode \u2028', empty: {} } };
    const result: CallToolResult = { content: [{ type: 'text', text: JSON.stringify(output) }], structuredContent: output };
    expect(callToolResultJson(result)).toBe(JSON.stringify(result));
  });

  it('writes an error result (no structuredContent) as JSON.stringify would', () => {
    const result = toolErrorResult(new InvalidInputException('Invalid arguments for x: y must be a string.'));
    expect(callToolResultJson(result)).toBe(JSON.stringify(result));
  });
});
