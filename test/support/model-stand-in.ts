import type { IncomingMessage, ServerResponse } from 'node:http';
import { ScriptedHttpServer } from './scripted-http-server.js';

/**
 * A model API played over real HTTP on loopback, speaking the two wire formats the LLM adapter
 * uses, as their public references document them:
 * - OpenAI chat completions (`POST /v1/chat/completions`, `Authorization: Bearer`): the answer is
 *   `choices[0].message.content`, a JSON string when the request asked for `response_format:
 *   {type: "json_schema"}`; errors are `{error: {message, type, param, code}}`.
 * - Anthropic messages (`POST /v1/messages`, `x-api-key`, `anthropic-version`): the answer is a
 *   `text` content block when the request asked for `output_config.format` (native structured
 *   output), or a `tool_use` block calling the requested tool when it forced one (`tool_choice:
 *   {type: "any"}` or `{type: "tool", name}`); errors are `{type: "error", error: {type, message}}`.
 * Each request takes the next entry of a script (ScriptedHttpServer); every request is recorded.
 */
export type ModelAnswer =
  /** The structured answer, wrapped in whichever format the request asked for. */
  | { object: unknown }
  /** Raw assistant text (a model that ignored the requested structure). */
  | { text: string }
  /** A raw HTTP answer: errors, and bodies that are not the wire format. */
  | { status: number; body: unknown; headers?: Record<string, string> };

export interface SeenModelRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

export class ModelStandIn {
  private readonly server = new ScriptedHttpServer<ModelAnswer>((request, answer, response) => {
    const body = parsed(request.body);
    if (!answer) return send(response, 500, { error: { message: 'the stand-in has no scripted answer left' } });
    if ('status' in answer) return send(response, answer.status, answer.body, answer.headers);
    if (request.url === '/v1/chat/completions') return send(response, 200, chatCompletion(body, answer));
    if (request.url === '/v1/messages') return send(response, 200, anthropicMessage(body, answer));
    send(response, 404, { error: { message: `no route ${request.url}` } });
  });

  /** Every request, its JSON body parsed. */
  get seen(): SeenModelRequest[] {
    return this.server.seen.map((request) => ({ path: request.url, headers: request.headers, body: parsed(request.body) }));
  }

  /** The base URL the adapter is configured with (LLM_BASE_URL). */
  get baseUrl(): string {
    return this.server.url;
  }

  start(): Promise<void> {
    return this.server.start();
  }

  /** Replaces the script (`'hang'` never answers: a timeout) and forgets what was seen. */
  answer(...answers: (ModelAnswer | 'hang')[]): void {
    this.server.answer(...answers);
  }

  stop(): Promise<void> {
    return this.server.stop();
  }
}

const parsed = (body: string) => JSON.parse(body || '{}') as Record<string, unknown>;

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

const usage = { prompt_tokens: 1200, completion_tokens: 300, total_tokens: 1500 };

function chatCompletion(request: Record<string, unknown>, answer: { object: unknown } | { text: string }): unknown {
  const content = 'object' in answer ? JSON.stringify(answer.object) : answer.text;
  return {
    id: 'chatcmpl-standin0001',
    object: 'chat.completion',
    created: 1_767_225_600,
    model: request.model,
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
    usage,
    system_fingerprint: 'fp_standin',
  };
}

function anthropicMessage(request: Record<string, unknown>, answer: { object: unknown } | { text: string }): unknown {
  // `any` or `tool` makes the model call a tool: the SDK forces its `json` tool this way on models without native structured output.
  const choice = request.tool_choice as { type?: string; name?: string } | undefined;
  const tools = (request.tools as { name: string }[] | undefined) ?? [];
  const forcedTool = choice?.type === 'tool' ? choice.name : choice?.type === 'any' ? tools[0]?.name : undefined;
  const content =
    forcedTool && 'object' in answer
      ? [{ type: 'tool_use', id: 'toolu_01StandIn', name: forcedTool, input: answer.object }]
      : [{ type: 'text', text: 'object' in answer ? JSON.stringify(answer.object) : answer.text }];
  return {
    id: 'msg_01StandIn',
    type: 'message',
    role: 'assistant',
    model: request.model,
    content,
    stop_reason: content[0].type === 'tool_use' ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 1200, output_tokens: 300 },
  };
}
