import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible server for the assistant's tests (plain node:http answering
 * /v1/chat/completions): each request is kept in `received` and answered by `script`, which may set the
 * status, headers (Retry-After), a delay and the JSON body.
 */
export type ModelBody = {
  model: string;
  messages: { role: string; content: string | null; tool_call_id?: string }[];
  tools: { function: { name: string } }[];
};
export type Scripted = {
  status?: number;
  delayMs?: number;
  headers?: Record<string, string>;
  json?: unknown;
};

export const toolCall = (name: string, args: unknown, id = `call_${name}`) => ({
  id,
  type: 'function',
  function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args) },
});

export const completion = (message: { content?: string | null; tool_calls?: unknown[] }): Scripted => ({
  json: {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 0,
    model: 'test-model',
    choices: [
      {
        index: 0,
        finish_reason: message.tool_calls ? 'tool_calls' : 'stop',
        message: {
          role: 'assistant',
          content: message.content ?? null,
          ...(message.tool_calls ? { tool_calls: message.tool_calls } : {}),
        },
      },
    ],
  },
});

export type FakeModel = {
  url: string;
  received: ModelBody[];
  script: (body: ModelBody, turn: number) => Scripted;
  close(): Promise<void>;
};

export async function startFakeModel(): Promise<FakeModel> {
  const fake: FakeModel = {
    url: '',
    received: [],
    script: () => ({ status: 500, json: { error: { message: 'no script' } } }),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      if (req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw) as ModelBody;
      fake.received.push(body);
      const turn = body.messages.filter((m) => m.role === 'assistant').length;
      const answer = fake.script(body, turn);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
        res.end(JSON.stringify(answer.json ?? {}));
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
