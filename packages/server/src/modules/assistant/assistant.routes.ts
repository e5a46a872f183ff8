import {
  AssistantMessageInput,
  AssistantParams,
  AssistantReply,
  AssistantUsage,
} from '@rotaboard/core/contracts/assistant';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/require-user.ts';

/** The schedule assistant (issue 26): a message in, a reply and perhaps a proposal out; the month's usage. */
export async function assistantRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const modelConfig = app.config.assistantModel;
  const { model } = app.services.assistant;
  app.log.info(
    model
      ? `assistant: answering with the model ${modelConfig?.model ?? ''}`.trim()
      : 'assistant: OPENAI_API_KEY not set, the built-in interpreter answers',
  );
  const service = app.services.assistant.service;
  const tags = ['assistant'];

  routes.post(
    '/api/assistant/:teamId',
    {
      schema: {
        tags,
        summary:
          'Ask the schedule assistant: a reply, and a proposal of checked changes when it asks for any (owners, administrators; Pro)',
        params: AssistantParams,
        body: AssistantMessageInput,
        response: { 200: AssistantReply },
      },
    },
    async (request) => service.send(requireUser(request), request.params.teamId, request.body),
  );

  routes.get(
    '/api/assistant/:teamId/usage',
    {
      schema: {
        tags,
        summary: 'Assistant messages the team has sent this month, its allowance, and when it starts again',
        params: AssistantParams,
        response: { 200: AssistantUsage },
      },
    },
    async (request) => service.usage(requireUser(request), request.params.teamId),
  );
}
