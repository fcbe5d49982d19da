import { afterAll, describe, expect, it } from '@jest/globals';
import { loadConfiguration, type AppConfig } from '../config/app-config.js';
import { analysisEngineFor } from './analysis-engine.factory.js';
import { BuiltinAnalysisEngine } from './builtin-analysis-engine.js';
import { LlmAnalysisEngine } from './llm/llm-analysis-engine.js';
import { WorkPool } from '../work-pool/work-pool.service.js';

// Starts no thread: the engines are only made here, never run.
const work = new WorkPool(loadConfiguration({ NODE_ENV: 'test' }));
afterAll(() => work.beforeApplicationShutdown());

const configWith = (engine: string): AppConfig => {
  const config = loadConfiguration({ NODE_ENV: 'test' });
  return { ...config, analysis: { engine } } as unknown as AppConfig;
};

describe('analysisEngineFor', () => {
  it('gives the built-in engine by default', () => {
    const engine = analysisEngineFor(loadConfiguration({ NODE_ENV: 'test' }), work);
    expect(engine).toBeInstanceOf(BuiltinAnalysisEngine);
    expect(engine.info).toEqual({ name: 'builtin', version: '1.0.0' });
  });

  it('gives the LLM adapter for ANALYSIS_ENGINE=llm, naming its provider and model', () => {
    const engine = analysisEngineFor(loadConfiguration({ NODE_ENV: 'test', ANALYSIS_ENGINE: 'llm', LLM_MODEL: 'gpt-4.1', LLM_API_KEY: 'sk-test' }), work);
    expect(engine).toBeInstanceOf(LlmAnalysisEngine);
    expect(engine.info).toMatchObject({ name: 'llm/openai', version: 'gpt-4.1' });
  });

  it('stops the start on a name no adapter of this build answers to, listing the names there are', () => {
    expect(() => analysisEngineFor(configWith('gpt'), work)).toThrow(
      'ANALYSIS_ENGINE=gpt: no analysis engine of that name in this build (available: builtin, llm).',
    );
  });
});

describe('ANALYSIS_ENGINE', () => {
  it('refuses a value that names no engine when the configuration is read', () => {
    expect(() => loadConfiguration({ NODE_ENV: 'test', ANALYSIS_ENGINE: 'gpt' })).toThrow(/ANALYSIS_ENGINE/);
  });
});
