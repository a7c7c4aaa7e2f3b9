import type { AppContext } from '../../context'
import type { ShopApp } from '../shopModule'
import { BindInvitationCodeRequest, PhoneRegisterRequest, UpdateMemberInfoQuery, VerificationCodeQuery } from '../../../../types/member'
import { memberId, revokeSession } from '../../plugins/auth'
import { rawEnvelope } from '../../plugins/envelope'
import * as member from './service'

export default async function memberRoutes(app: ShopApp, ctx: AppContext) {
  const { db } = ctx

  app.get('/api/member/getVerificationCode', {
    config: { auth: 'none' },
    schema: {
      description: '`{sent, cooldown}`; one code per phone per 60 s, 10 per phone and 50 per IP a day (code 1001)',
      querystring: VerificationCodeQuery,
    },
    handler: async (req) => member.sendVerificationCode(db, ctx.sms, req.query.phone, req.ip),
  })

  app.post('/api/member/phoneRegister', {
    config: { auth: 'none' },
    schema: {
      description:
        "`{token, isNew}`; registers or logs in; a new member is bound to the sharer and the sharer's shop (first binding wins); with `loginKey` (from miniLogin) the WeChat openid is bound to the member (7005 when the key is expired or used, checked before the SMS code is spent)",

      body: PhoneRegisterRequest,
    },
    handler: async (req) => {
      return member.phoneRegister(db, ctx.modules, { ...req.body, ip: req.ip })
    },
  })

  // Raw envelope: the client treats any code other than 200 as logged out.
  app.get('/api/member/loginStatus', {
    schema: { description: 'raw envelope: code 200 `{loggedIn: true}` or 403' },
    config: { auth: 'optional' },
    handler: async (req) => (req.member ? rawEnvelope(200, '已登录', { loggedIn: true }) : rawEnvelope(403, '未登录', { loggedIn: false })),
  })

  // Sign-out (mine → 设置 → 退出登录): the token stops working on the server. Optional auth, so a token that has
  // already expired or was revoked still gets a plain success and the client finishes its local sign-out.
  app.post('/api/member/logout', {
    schema: {
      description:
        "`{signedOut}`; sign-out: deletes this token's session, so the token answers 403 from now on (other devices stay signed in). Always code 200, also for a token already gone. A token is also refused once the shop disables the account (`members.disabled_at`, set by `setMemberDisabled` in `modules/account/service.ts`, which ends every session) and once a logoff completes",
    },
    config: { auth: 'optional' },
    handler: async (req) => ({ signedOut: await revokeSession(db, req.headers.token as string | undefined) }),
  })

  app.get('/api/member/getMemberInfo', {
    schema: { description: '`MemberInfo` (phone masked, businessId/shopName of an approved agent)' },
    handler: async (req) => member.getMemberInfo(db, ctx.modules, memberId(req)),
  })

  app.get('/api/member/updateMemberInfo', {
    schema: {
      description: '`MemberInfo`',
      querystring: UpdateMemberInfoQuery,
    },
    handler: async (req) => member.updateMemberInfo(db, ctx.modules, memberId(req), req.query),
  })

  app.post('/api/member/bindInvitationCode', {
    schema: {
      description: '`{inviterName, businessId}`; only when not yet bound',
      body: BindInvitationCodeRequest,
    },
    handler: async (req) => member.bindInvitationCode(db, memberId(req), req.body.invitationCode),
  })
}
