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

  it('reads TRUST_PROXY as no proxy, a hop count or a list of proxy addresses', () => {
    expect(loadConfiguration({}).trustProxy).toBe(false);
    expect(loadConfiguration({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfiguration({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfiguration({ TRUST_PROXY: '10.0.0.0/8,192.168.1.7,::1' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', '::1']);
  });

  it('refuses TRUST_PROXY=true, which would trust every hop', () => {
    expect(() => loadConfiguration({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY must be false, a number of proxy hops.*true is refused/);
  });

  it('runs every role in one process by default, and refuses a web or worker process without a shared DATABASE_URL', () => {
    expect(loadConfiguration({}).role).toBe('all');
    expect(loadConfiguration({ ROLE: 'worker', DATABASE_URL: 'postgres://db/app' }).role).toBe('worker');
    expect(() => loadConfiguration({ ROLE: 'worker' })).toThrow(/ROLE: a worker process shares its database.*set DATABASE_URL/);
    expect(() => loadConfiguration({ ROLE: 'cron' })).toThrow(/ROLE must be one of the following values: web, worker, all/);
  });

  it('reads scanned pages with OCR by default, within a page budget and at a render scale', () => {
    expect(loadConfiguration({}).ocr).toEqual({ enabled: true, maxPages: 100, renderScale: 2 });
    expect(loadConfiguration({ OCR_ENABLED: 'false', OCR_MAX_PAGES: '20', OCR_RENDER_SCALE: '2.5' }).ocr).toEqual({
      enabled: false,
      maxPages: 20,
      renderScale: 2.5,
    });
    expect(() => loadConfiguration({ OCR_MAX_PAGES: '0', OCR_RENDER_SCALE: '8' })).toThrow(
      /OCR_MAX_PAGES must not be less than 1[\s\S]*OCR_RENDER_SCALE must not be greater than 4/,
    );
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

  describe('the sandbox rail', () => {
    const production = { NODE_ENV: 'production', ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64')}` };

    it('exists outside production when no card or wallet rail is configured', () => {
      expect(loadConfiguration({}).payments.sandbox).toBe(true);
      expect(loadConfiguration({ NODE_ENV: 'test' }).payments.sandbox).toBe(true);
    });

    it.each([
      ['a card rail is configured', { STRIPE_SECRET_KEY: 'sk_test_abc' }],
      ['a wallet rail is configured', { PAYMENT_WALLET_ADDRESS: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }],
      ['PAYMENT_SANDBOX is false', { PAYMENT_SANDBOX: 'false' }],
      ['NODE_ENV is production', production],
    ])('does not exist when %s', (_case, environment) => {
      expect(loadConfiguration(environment).payments.sandbox).toBe(false);
    });

    it('refuses PAYMENT_SANDBOX=true in production', () => {
      expect(() => loadConfiguration({ ...production, PAYMENT_SANDBOX: 'true' })).toThrow(/PAYMENT_SANDBOX: the sandbox rail never exists in production/);
    });
  });

  describe('wallet settlement', () => {
    // A throwaway key and its address (viem's privateKeyToAddress), fixed so the test states them.
    const key = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
    const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

    it('settles with the key of PAYMENT_WALLET_ADDRESS', () => {
      const config = loadConfiguration({ PAYMENT_WALLET_ADDRESS: address, PAYMENT_RPC_URL: 'http://127.0.0.1:8545', PAYMENT_SETTLEMENT_KEY: key });
      expect(config.payments.wallet?.settlement).toEqual({ rpcUrl: 'http://127.0.0.1:8545', key });
    });

    it('settles nothing without PAYMENT_RPC_URL', () => {
      expect(loadConfiguration({ PAYMENT_WALLET_ADDRESS: address, PAYMENT_SETTLEMENT_KEY: key }).payments.wallet?.settlement).toBeUndefined();
    });

    it('refuses PAYMENT_RPC_URL without a settlement key', () => {
      expect(() => loadConfiguration({ PAYMENT_WALLET_ADDRESS: address, PAYMENT_RPC_URL: 'http://127.0.0.1:8545' })).toThrow(
        /PAYMENT_RPC_URL: settlement needs PAYMENT_WALLET_ADDRESS and PAYMENT_SETTLEMENT_KEY/,
      );
    });

    it('refuses a settlement key that is not 32 bytes of hex, without echoing it', () => {
      const attempt = () =>
        loadConfiguration({ PAYMENT_WALLET_ADDRESS: address, PAYMENT_RPC_URL: 'http://127.0.0.1:8545', PAYMENT_SETTLEMENT_KEY: key.slice(0, 40) });
      expect(attempt).toThrow(/PAYMENT_SETTLEMENT_KEY: PAYMENT_SETTLEMENT_KEY must be a 0x-prefixed 32-byte private key/);
      expect(attempt).not.toThrow(key.slice(2, 20));
    });

    it('refuses a settlement key of another address, without echoing it', () => {
      const attempt = () =>
        loadConfiguration({
          PAYMENT_WALLET_ADDRESS: '0x000000000000000000000000000000000000dEaD',
          PAYMENT_RPC_URL: 'http://127.0.0.1:8545',
          PAYMENT_SETTLEMENT_KEY: key,
        });
      expect(attempt).toThrow(/PAYMENT_SETTLEMENT_KEY: must be the key of PAYMENT_WALLET_ADDRESS/);
      expect(attempt).not.toThrow(key.slice(2, 20));
    });
  });
  describe('the analysis engine', () => {
    it('is the built-in engine unless ANALYSIS_ENGINE=llm, with no model settings', () => {
      expect(loadConfiguration({}).analysis).toEqual({ engine: 'builtin', llm: undefined });
    });

    it('refuses ANALYSIS_ENGINE=llm without LLM_MODEL and LLM_API_KEY, naming both', () => {
      expect(() => loadConfiguration({ ANALYSIS_ENGINE: 'llm' })).toThrow(
        /LLM_MODEL: required with ANALYSIS_ENGINE=llm[^\n]*\n.*LLM_API_KEY: required with ANALYSIS_ENGINE=llm/,
      );
    });

    it("takes the provider's public API as the base URL unless LLM_BASE_URL names another", () => {
      const anthropic = loadConfiguration({ ANALYSIS_ENGINE: 'llm', LLM_PROVIDER: 'anthropic', LLM_MODEL: 'claude-sonnet-4-5', LLM_API_KEY: 'sk-ant-x' });
      expect(anthropic.analysis.llm).toEqual({
        provider: 'anthropic',
        model: 'claude-sonnet-4-5',
        baseUrl: 'https://api.anthropic.com/v1',
        apiKey: 'sk-ant-x',
        timeoutMs: 120_000,
        sendPdf: true,
        maxPagesPerCall: 50,
      });
      const local = loadConfiguration({ ANALYSIS_ENGINE: 'llm', LLM_MODEL: 'llama3.1', LLM_API_KEY: 'ollama', LLM_BASE_URL: 'http://127.0.0.1:11434/v1/' });
      expect(local.analysis.llm).toMatchObject({ provider: 'openai', baseUrl: 'http://127.0.0.1:11434/v1' });
    });

    it('refuses an unknown LLM_PROVIDER without echoing LLM_API_KEY', () => {
      const attempt = () => loadConfiguration({ ANALYSIS_ENGINE: 'llm', LLM_PROVIDER: 'gemini', LLM_MODEL: 'm', LLM_API_KEY: 'sk-planted-4242' });
      expect(attempt).toThrow(/LLM_PROVIDER must be one of the following values: openai, anthropic/);
      expect(attempt).not.toThrow(/sk-planted-4242/);
    });
  });
});
