import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { UiRouter } from '../../http/ui-router.ts';
import type { Services } from '../services.ts';

/** REST v4 routes of the epics domain (mounted under /api/v4). */
export function epicsRoutes(_api: FastifyInstance, _services: Services, _config: Config): void {}

/** The web UI's JSON endpoints of the epics domain. */
export function epicsUiRoutes(_ui: UiRouter, _services: Services, _config: Config): void {}
