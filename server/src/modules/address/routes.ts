import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context'
import { S } from '../../plugins/schema'
import { memberId } from '../../plugins/auth'
import * as address from './service'

const fields = {
  name: S.str(20, 0),
  phone: S.str(20, 0),
  province: S.str(32, 0),
  city: S.str(32, 0),
  district: S.str(32, 0),
  detail: S.str(100, 0),
  tag: S.str(8, 0),
  isDefault: S.bool(),
}
const required = ['name', 'phone', 'province', 'city', 'detail']

/** Shipping addresses: /api/memberAddress/* (member only, each call scoped to the caller). */
export default async function addressRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx

  app.get('/api/memberAddress/list', { schema: { description: '`MemberAddress[]`, default first' }, handler: async (req) => address.listAddresses(db, memberId(req)) })

  app.get('/api/memberAddress/detail', {
    schema: {
      description: '`MemberAddress`',
      querystring: S.obj({ id: S.id() }, ['id']) },
    handler: async (req) => address.getAddress(db, memberId(req), (req.query as any).id),
  })

  app.post('/api/memberAddress/add', {
    schema: {
      description: '`MemberAddress`; phone by the mainland mobile rule (SPEC §5, same regex as `isMobile`), 400 `请输入正确的手机号`; the first address becomes the default; at most 20',
      body: S.obj(fields, required) },
    handler: async (req) => address.addAddress(db, memberId(req), req.body as any),
  })

  app.post('/api/memberAddress/update', {
    schema: {
      description: '`MemberAddress`; `isDefault: false` on the default hands it to the latest other address',
      body: S.obj({ id: S.id(), ...fields }, ['id', ...required]) },
    handler: async (req) => {
      const b = req.body as any
      return address.updateAddress(db, memberId(req), b.id, b)
    },
  })

  app.post('/api/memberAddress/delete', {
    schema: {
      description: '`{deleted}`; deleting the default promotes the latest other',
      body: S.obj({ id: S.id() }, ['id']) },
    handler: async (req) => address.deleteAddress(db, memberId(req), (req.body as any).id),
  })

  app.post('/api/memberAddress/setDefault', {
    schema: {
      description: '`MemberAddress`; one default per member (partial unique index)',
      body: S.obj({ id: S.id() }, ['id']) },
    handler: async (req) => address.setDefaultAddress(db, memberId(req), (req.body as any).id),
  })
}
