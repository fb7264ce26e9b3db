/**
 * GitLab's lib/api/subscriptions.rb: `POST <thing>/subscribe` and `POST <thing>/unsubscribe` answer
 * 201 with the thing's entity, or 304 with no body when the user already was in that state.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from './params.ts';

/** `change` sets the state and returns the entity to show, or undefined when nothing changed. */
export function subscriptionRoutes<R extends { Params: Record<string, string> }>(
  r: FastifyInstance,
  path: string,
  change: (request: FastifyRequest<R>, subscribed: boolean) => Promise<unknown>,
): void {
  for (const [action, subscribed] of [
    ['subscribe', true],
    ['unsubscribe', false],
  ] as const) {
    r.post<{ Params: R['Params'] }>(`${path}/${action}`, async (request, reply) => {
      requireUser(request.actor, true);
      const entity = await change(request as FastifyRequest<R>, subscribed);
      if (entity === undefined) return reply.code(304).send();
      return reply.code(201).send(entity);
    });
  }
}
