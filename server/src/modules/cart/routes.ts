import type { AppContext } from '../../context'
import type { ShopApp } from '../shopModule'
import { memberId } from '../../plugins/auth'
import { CartAddRequest, CartChangeSkuRequest, CartDeleteRequest, CartSelectAllRequest, CartSelectRequest, CartUpdateRequest } from '../../../../types/cart'
import * as cart from './service'

/** Shopping cart: /api/cart/* (member only; every id is scoped to the caller's own lines). */
export default async function cartRoutes(app: ShopApp, ctx: AppContext) {
  const { db } = ctx

  app.get('/api/cart/list', {
    schema: {
      description: '`CartList {valid[], invalid[], selectedAmount, selectedQuantity, allSelected}`; invalid lines carry `invalidReason` sold_out / off_shelf / sku_gone and are never selected',
    },
    handler: async (req) => cart.listCart(db, memberId(req)),
  })
  app.get('/api/cart/count', { schema: { description: '`{count, quantity}` (lines, units)' }, handler: async (req) => cart.cartCount(db, memberId(req)) })

  app.post('/api/cart/add', {
    schema: {
      description:
        "`{id, quantity, count}`; adds to an existing line; total bounded by stock (2001), off shelf 2002, unknown SKU 404; at most 100 lines; past the goods' 每人限购 (what the member bought plus the cart's units of the goods) 2005",
      body: CartAddRequest,
    },
    handler: async (req) => {
      const b = req.body
      const line = await cart.addToCart(db, memberId(req), b.skuId, b.quantity)
      return { ...line, count: (await cart.cartCount(db, memberId(req))).count }
    },
  })

  app.post('/api/cart/update', {
    schema: {
      description: "`{id, quantity}`; 1 … stock (2001 above stock); a raise past the goods' 每人限购 (what the member bought plus the cart's units of the goods) 2005",
      body: CartUpdateRequest,
    },
    handler: async (req) => {
      const b = req.body
      return cart.updateQuantity(db, memberId(req), b.id, b.quantity)
    },
  })

  app.post('/api/cart/changeSku', {
    schema: {
      description:
        '`{id, quantity, merged}`; moves the line to another SKU of the same goods in one transaction, merging into an existing line of that SKU; quantity capped by stock (sold out 2001, off shelf 2002, another goods 400, unknown line or SKU 404)',
      body: CartChangeSkuRequest,
    },
    handler: async (req) => cart.changeSku(db, memberId(req), req.body.id, req.body.skuId),
  })

  app.post('/api/cart/select', {
    schema: {
      description: "`{updated}` (404 when none of the ids is the caller's)",
      body: CartSelectRequest,
    },
    handler: async (req) => {
      const b = req.body
      return cart.selectLines(db, memberId(req), b.ids, b.selected)
    },
  })

  app.post('/api/cart/selectAll', {
    schema: {
      description: '`{updated}`',
      body: CartSelectAllRequest,
    },
    handler: async (req) => cart.selectAll(db, memberId(req), req.body.selected),
  })

  app.post('/api/cart/delete', {
    schema: {
      description: '`{deleted}`',
      body: CartDeleteRequest,
    },
    handler: async (req) => cart.deleteLines(db, memberId(req), req.body.ids),
  })
}
