import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import type { Seeder } from '../db/seed'
import type { Job } from '../jobs'
import memberRoutes from './member/routes'
import { memberSeeder } from './member/seed'
import uploadRoutes from './upload/routes'
import goodsRoutes from './goods/routes'
import { goodsSeeder } from './goods/seed'
import homeRoutes from './home/routes'
import { homeSeeder } from './home/seed'
import wechatRoutes from './wechat/routes'

/** Every module's routes, registered under /h5. */
export const routeModules: Array<(app: FastifyInstance, ctx: AppContext) => Promise<void>> = [memberRoutes, uploadRoutes, wechatRoutes, goodsRoutes, homeRoutes]

/** Demo data, in order, for a first start on an empty database. */
export const seeders: Seeder[] = [memberSeeder, goodsSeeder, homeSeeder]

/** Periodic jobs (order expiry, commission release, logoff anonymisation...). */
export const jobs: Job[] = []
