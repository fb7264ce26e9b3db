/**
 * Security headers (decision 0014). Every response: `X-Content-Type-Options: nosniff`,
 * `X-Frame-Options: SAMEORIGIN` and `Referrer-Policy: strict-origin-when-cross-origin`. HTML
 * responses also get a Content-Security-Policy: scripts, styles, fonts and connections from our
 * origin only, no inline script; images also from data:/blob: and http(s) (markdown may show remote
 * images, as GitLab's policy allows); framing by our own pages only. React Aria adds a few `<style>`
 * elements at run time: the page carries a per-response nonce for them in `<meta name="csp-nonce">`.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export function contentSecurityPolicy(styleNonce?: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self'${styleNonce ? ` 'nonce-${styleNonce}'` : ''}`,
    "img-src 'self' data: blob: http: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

export function cspNonce(): string {
  return randomBytes(18).toString('base64');
}

/** The web app's page with the nonce React Aria reads for the styles it inserts. */
export function withNonceMeta(html: string, nonce: string): string {
  return html.replace(/<\/head>/i, `  <meta name="csp-nonce" nonce="${nonce}" />\n  </head>`);
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', contentSecurityPolicy());
    }
    return payload;
  });
}
