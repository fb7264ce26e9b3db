import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Services } from '../services.ts';

export function tokensRoutes(_api: FastifyInstance, _services: Services, _config: Config): void {}
