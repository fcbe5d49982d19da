import { describe, expect, it } from '@jest/globals';
import { ConfigurationError, loadConfiguration } from './app-config.js';

describe('loadConfiguration', () => {
  it('defaults BASE_URL and AGENTS_URL to http://localhost:$PORT', () => {
    const config = loadConfiguration({ PORT: '4123' });
    expect(config.baseUrl).toBe('http://localhost:4123');
    expect(config.agentsUrl).toBe('http://localhost:4123');
  });

  it('removes trailing slashes from the public URLs', () => {
    const config = loadConfiguration({ BASE_URL: 'https://example.com/', AGENTS_URL: 'https://agents.example.com//' });
    expect(config.baseUrl).toBe('https://example.com');
    expect(config.agentsUrl).toBe('https://agents.example.com');
  });

  it('parses rate limits as limit and window per route class', () => {
    const config = loadConfiguration({ RATE_LIMIT_MCP: '7/30' });
    expect(config.rateLimits.mcp).toEqual({ limit: 7, windowSeconds: 30 });
    expect(config.rateLimits.discovery).toEqual({ limit: 120, windowSeconds: 60 });
  });

  it('reads TRUST_PROXY=false as false', () => {
    expect(loadConfiguration({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfiguration({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfiguration({ DATABASE_URL: '', REDIS_URL: '', PORT: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.port).toBe(3000);
  });

  it('names every bad variable at once and echoes no value', () => {
    let failure: unknown;
    try {
      loadConfiguration({
        PORT: 'eighty',
        BASE_URL: 'not a url',
        DATABASE_URL: 'mysql://user:hunter2@db/app',
        TRUST_PROXY: 'maybe',
        RATE_LIMIT_TOKEN: '10 per minute',
      });
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(ConfigurationError);
    const problems = (failure as ConfigurationError).problems;
    expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual(['BASE_URL', 'DATABASE_URL', 'PORT', 'RATE_LIMIT_TOKEN', 'TRUST_PROXY']);
    expect((failure as Error).message).not.toContain('hunter2');
  });

  it('refuses a port outside 0-65535', () => {
    expect(() => loadConfiguration({ PORT: '70000' })).toThrow(/PORT/);
  });
});
