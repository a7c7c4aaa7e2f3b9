import type { PermissionInfo } from '@contract/adminSystem'
import { groupPermissions, groupState, matrixRows, staffLabel, toggleGroup } from '../src/pages/system/roleMatrix'

const list: PermissionInfo[] = [
  { permission: 'dashboard.read', name: '查看工作台', group: '工作台' },
  { permission: 'goods.read', name: '查看商品', group: '商品' },
  { permission: 'goods.write', name: '编辑商品', group: '商品' },
  { permission: 'orders.read', name: '查看订单', group: '订单' },
]

describe('the role matrix', () => {
  it('groups the declared permissions by menu in their order, the menu cell spanning its rows', () => {
    expect(groupPermissions(list).map((g) => [g.group, g.permissions.map((p) => p.permission)])).toEqual([
      ['工作台', ['dashboard.read']],
      ['商品', ['goods.read', 'goods.write']],
      ['订单', ['orders.read']],
    ])
    expect(matrixRows(list).map((r) => r.span)).toEqual([1, 2, 0, 1])
  })

  it('ticks and clears a whole menu, keeping the declared order and the other menus', () => {
    const goods = groupPermissions(list)[1]
    expect(groupState(goods, ['goods.read'])).toBe('some')
    expect(groupState(goods, [])).toBe('none')
    expect(toggleGroup(list, goods, ['orders.read', 'goods.read'], true)).toEqual(['goods.read', 'goods.write', 'orders.read'])
    expect(groupState(goods, ['goods.write', 'goods.read'])).toBe('all')
    expect(toggleGroup(list, goods, ['goods.read', 'goods.write', 'dashboard.read'], false)).toEqual(['dashboard.read'])
  })

  it('names a staff by 姓名 with the username, or the username alone', () => {
    expect(staffLabel('王五', 'wangwu')).toBe('王五（wangwu）')
    expect(staffLabel('', 'admin')).toBe('admin')
  })
})
