import { describe, expect, it } from '@jest/globals';
import { loadConfiguration } from '../config/app-config.js';
import { createMcpOriginPolicy } from './mcp-authentication.hook.js';

const policy = (env: Record<string, string> = {}) =>
  createMcpOriginPolicy(loadConfiguration({ BASE_URL: 'https://underwriting.example', AGENTS_URL: 'https://agents.underwriting.example', ...env }));

describe('the /mcp Host and Origin policy', () => {
  it('accepts the service hosts and loopback hosts on any port, nothing else', () => {
    const { hostAllowed } = policy();
    expect(['agents.underwriting.example', 'underwriting.example', 'localhost:3000', '127.0.0.1:41234', '[::1]:8080'].map(hostAllowed)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['evil.example', 'agents.underwriting.example.evil.example', undefined].map(hostAllowed)).toEqual([false, false, false]);
  });

  it('accepts origins of those hosts and configured ones', () => {
    const { originAllowed } = policy({ MCP_ALLOWED_ORIGINS: 'https://app.example.com' });
    expect(['https://agents.underwriting.example', 'http://localhost:6274', 'https://app.example.com'].map(originAllowed)).toEqual([true, true, true]);
    expect(['https://evil.example', 'null', 'https://app.example.com.evil.example'].map(originAllowed)).toEqual([false, false, false]);
  });

  it('accepts any origin with MCP_ALLOWED_ORIGINS=*', () => {
    expect(policy({ MCP_ALLOWED_ORIGINS: '*' }).originAllowed('https://anything.example')).toBe(true);
  });
});
