import type { AppContext } from '../../context'
import type { ShopApp } from '../shopModule'
import { memberId } from '../../plugins/auth'
import { IdOnly } from '../../../../types/schema'
import { AddressInput, AddressUpdateInput } from '../../../../types/address'
import * as address from './service'

/** Shipping addresses: /api/memberAddress/* (member only, each call scoped to the caller). */
export default async function addressRoutes(app: ShopApp, ctx: AppContext) {
  const { db } = ctx

  app.get('/api/memberAddress/list', { schema: { description: '`MemberAddress[]`, default first' }, handler: async (req) => address.listAddresses(db, memberId(req)) })

  app.get('/api/memberAddress/detail', {
    schema: {
      description: '`MemberAddress`',
      querystring: IdOnly,
    },
    handler: async (req) => address.getAddress(db, memberId(req), req.query.id),
  })

  app.post('/api/memberAddress/add', {
    schema: {
      description: '`MemberAddress`; phone by the mainland mobile rule (SPEC §5, same regex as `isMobile`), 400 `请输入正确的手机号`; the first address becomes the default; at most 20',
      body: AddressInput,
    },
    handler: async (req) => address.addAddress(db, memberId(req), req.body),
  })

  app.post('/api/memberAddress/update', {
    schema: {
      description: '`MemberAddress`; `isDefault: false` on the default hands it to the latest other address',
      body: AddressUpdateInput,
    },
    handler: async (req) => {
      const { id, ...input } = req.body
      return address.updateAddress(db, memberId(req), id, input)
    },
  })

  app.post('/api/memberAddress/delete', {
    schema: {
      description: '`{deleted}`; deleting the default promotes the latest other',
      body: IdOnly,
    },
    handler: async (req) => address.deleteAddress(db, memberId(req), req.body.id),
  })

  app.post('/api/memberAddress/setDefault', {
    schema: {
      description: '`MemberAddress`; one default per member (partial unique index)',
      body: IdOnly,
    },
    handler: async (req) => address.setDefaultAddress(db, memberId(req), req.body.id),
  })
}
