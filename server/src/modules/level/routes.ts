import type { AppContext } from '../../context'
import type { ShopApp } from '../shopModule'
import { memberId } from '../../plugins/auth'
import { myLevel } from './service'

/** 会员等级: /api/level/* (the member's own growth and level, and the levels). */
export default async function levelRoutes(app: ShopApp, ctx: AppContext) {
  const { db } = ctx
  app.get('/api/level/mine', {
    schema: {
      description:
        '`MyLevel` `{growth, level: MemberLevelInfo|null, next: MemberLevelInfo|null, levels: MemberLevelInfo[]}`; MemberLevelInfo `{id, name, minGrowth, discount (percent paid), freeShipping, pointsTenths}`',
    },
    handler: async (req) => myLevel(db, memberId(req)),
  })
}
