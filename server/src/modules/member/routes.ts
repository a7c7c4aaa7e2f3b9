import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context'
import { S } from '../../plugins/schema'
import { memberId, revokeSession } from '../../plugins/auth'
import { rawEnvelope } from '../../plugins/envelope'
import * as member from './service'

export default async function memberRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx

  app.get('/api/member/getVerificationCode', {
    config: { auth: 'none' },
    schema: {
      description: '`{sent, cooldown}`; one code per phone per 60 s, 10 per phone and 50 per IP a day (code 1001)',
      querystring: S.obj({ phone: S.str(20, 1) }, ['phone']) },
    handler: async (req) => member.sendVerificationCode(db, ctx.sms, (req.query as any).phone, req.ip),
  })

  app.post('/api/member/phoneRegister', {
    config: { auth: 'none' },
    schema: {
      description: '`{token, isNew}`; registers or logs in; a new member is bound to the sharer and the sharer\'s shop (first binding wins); with `loginKey` (from miniLogin) the WeChat openid is bound to the member (7005 when the key is expired or used, checked before the SMS code is spent)',
     
      body: S.obj(
        {
          phone: S.str(20, 1),
          verificationCode: S.str(6, 6, { pattern: '^[0-9]{6}$' }),
          shareMemberId: S.looseId(),
          shareBusinessId: S.looseId(),
          // From miniLogin when the WeChat user has no member yet: binds the openid to this phone's member.
          loginKey: S.str(64, 0, { pattern: '^[A-Za-z0-9_-]*$' }),
        },
        ['phone', 'verificationCode'],
      ),
    },
    handler: async (req) => {
      const b = req.body as any
      return member.phoneRegister(db, { ...b, ip: req.ip })
    },
  })

  // Raw envelope: the client treats any code other than 200 as logged out.
  app.get('/api/member/loginStatus', { schema: { description: 'raw envelope: code 200 `{loggedIn: true}` or 403' },
    config: { auth: 'optional' },
    handler: async (req) => (req.member ? rawEnvelope(200, '已登录', { loggedIn: true }) : rawEnvelope(403, '未登录', { loggedIn: false })),
  })

  // Sign-out (mine → 设置 → 退出登录): the token stops working on the server. Optional auth, so a token that has
  // already expired or was revoked still gets a plain success and the client finishes its local sign-out.
  app.post('/api/member/logout', { schema: { description: '`{signedOut}`; sign-out: deletes this token\'s session, so the token answers 403 from now on (other devices stay signed in). Always code 200, also for a token already gone. A token is also refused once the shop disables the account (`members.disabled_at`, set by `setMemberDisabled` in `modules/account/service.ts`, which ends every session) and once a logoff completes' },
    config: { auth: 'optional' },
    handler: async (req) => ({ signedOut: await revokeSession(db, req.headers.token as string | undefined) }),
  })

  app.get('/api/member/getMemberInfo', { schema: { description: '`MemberInfo` (phone masked, businessId/shopName of an approved agent)' }, handler: async (req) => member.getMemberInfo(db, memberId(req)) })

  app.get('/api/member/updateMemberInfo', {
    schema: {
      description: '`MemberInfo`',
      querystring: S.obj({ nickname: S.str(20, 0), avatar: S.str(256, 0), gender: S.int(0, 2) }) },
    handler: async (req) => member.updateMemberInfo(db, memberId(req), req.query as any),
  })

  app.post('/api/member/bindInvitationCode', {
    schema: {
      description: '`{inviterName, businessId}`; only when not yet bound',
      body: S.obj({ invitationCode: S.str(12, 4, { pattern: '^[A-Za-z0-9]+$' }) }, ['invitationCode']) },
    handler: async (req) => member.bindInvitationCode(db, memberId(req), (req.body as any).invitationCode),
  })
}
