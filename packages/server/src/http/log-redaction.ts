/**
 * The server logs no secret values: request lines are logged with token parameters
 * (`private_token`, `access_token`, … as GitLab's `filter_parameters`) and anything secret
 * detection recognises (shared/secrets, the instance's token prefix included) replaced by
 * `[FILTERED]`.
 */
import { detectSecrets } from '@milepost/shared';
import type { FastifyRequest } from 'fastify';

const FILTERED = '[FILTERED]';
const TOKEN_PARAMS = /([?&](?:private_token|access_token|job_token|feed_token|token|password|secret)=)[^&#]*/gi;

/** `text` with token parameters and detected secrets replaced by `[FILTERED]`. */
export function redactSecrets(text: string, patPrefix: string): string {
  let out = text.replace(TOKEN_PARAMS, `$1${FILTERED}`);
  for (const finding of detectSecrets(out, patPrefix)) out = out.split(finding.value).join(FILTERED);
  return out;
}

/** Fastify's request serializer (method, url, host, address), with the url redacted. */
export function requestLogSerializer(patPrefix: string) {
  return (request: FastifyRequest) => ({
    method: request.method,
    url: redactSecrets(request.url, patPrefix),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  });
}
