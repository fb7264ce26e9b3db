import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { UiRouter } from '../../http/ui-router.ts';
import type { Services } from '../services.ts';

/** REST v4 routes of the labels domain (mounted under /api/v4). */
export function labelsRoutes(_api: FastifyInstance, _services: Services, _config: Config): void {}

/** The web UI's JSON endpoints of the labels domain. */
export function labelsUiRoutes(_ui: UiRouter, _services: Services, _config: Config): void {}
