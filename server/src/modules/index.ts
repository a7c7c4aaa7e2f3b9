import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import type { Seeder } from '../db/seed'
import type { Job } from '../jobs'
import memberRoutes from './member/routes'
import { memberSeeder } from './member/seed'
import uploadRoutes from './upload/routes'
import wechatRoutes from './wechat/routes'

/** Every module's routes, registered under /h5. */
export const routeModules: Array<(app: FastifyInstance, ctx: AppContext) => Promise<void>> = [memberRoutes, uploadRoutes, wechatRoutes]

/** Demo data, in order, for a first start on an empty database. */
export const seeders: Seeder[] = [memberSeeder]

/** Periodic jobs (order expiry, commission release, logoff anonymisation...). */
export const jobs: Job[] = []
