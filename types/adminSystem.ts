/**
 * The console's contract of 系统 (server module system): staff, roles, the audit log. Same rules as types/admin.ts (closed objects, fen, epoch ms).
 */
import { Type, type Static } from 'typebox'
import { Closed, PageOf, RoleSchema, StaffView } from './admin'
import { Id, PagingFields, Str } from './schema'

/** 系统's own field names in validation messages (the system module's adminFieldLabels). */
export const SYSTEM_FIELD_LABELS: Record<string, string> = { phone: '手机号', name: '角色名称' }

const RealName = Type.String({ minLength: 1, maxLength: 32 })
/** Mainland mobile number (types/validate.ts isMobile checks it again on the server). */
const Phone = Type.String({ maxLength: 11, pattern: '^1[0-9]{10}$' })
export const StaffCreateBody = Closed({
  username: Type.String({ minLength: 3, maxLength: 32, pattern: '^[A-Za-z0-9_.-]+$' }),
  realName: RealName,
  phone: Phone,
  role: RoleSchema,
  password: Type.Optional(Str(128, 8)),
})
export type StaffCreateBody = Static<typeof StaffCreateBody>
/** The new staff and its password (generated when none was given: shown once). */
export const StaffCreateReply = Type.Object({ staff: StaffView, password: Type.String() })
export type StaffCreateReply = Static<typeof StaffCreateReply>
export const StaffUpdateBody = Closed({ role: Type.Optional(RoleSchema), disabled: Type.Optional(Type.Boolean()), realName: Type.Optional(RealName), phone: Type.Optional(Phone) })
export type StaffUpdateBody = Static<typeof StaffUpdateBody>
export const PasswordResetReply = Type.Object({ password: Type.String() })
export type PasswordResetReply = Static<typeof PasswordResetReply>

/** One permission the server declares (server/src/admin/permissions.ts): its string, Chinese name and the menu it belongs to. */
export const PermissionInfo = Type.Object({ permission: Type.String(), name: Type.String(), group: Type.String() })
export type PermissionInfo = Static<typeof PermissionInfo>
/** A role: `owner` (店主) has every permission and cannot be edited; built-in roles cannot be deleted; `staffCount` staff hold it. */
export const RoleView = Type.Object({
  role: Type.String(),
  name: Type.String(),
  permissions: Type.Array(Type.String()),
  builtIn: Type.Boolean(),
  owner: Type.Boolean(),
  staffCount: Type.Integer(),
})
export type RoleView = Static<typeof RoleView>
/** system/roles: every role and every permission the server declares (grouped by menu, in menu order). */
export const RolesReply = Type.Object({ roles: Type.Array(RoleView), permissions: Type.Array(PermissionInfo) })
export type RolesReply = Static<typeof RolesReply>
export const RoleBody = Closed({ name: Type.String({ minLength: 1, maxLength: 16 }), permissions: Type.Array(Type.String({ maxLength: 32 }), { maxItems: 100 }) })
export type RoleBody = Static<typeof RoleBody>
export const RoleParams = Closed({ role: RoleSchema })
export type RoleParams = Static<typeof RoleParams>

export const AuditQuery = Closed({
  ...PagingFields,
  staffId: Type.Optional(Id()),
  action: Type.Optional(Str(64)),
  targetType: Type.Optional(Str(32)),
  targetId: Type.Optional(Str(64)),
  from: Type.Optional(Type.Integer({ minimum: 0 })),
  to: Type.Optional(Type.Integer({ minimum: 0 })),
})
export type AuditQuery = Static<typeof AuditQuery>
/** One staff write: who, when, what, and the record before and after (JSON text parsed; null when created / deleted). */
export const AuditRow = Type.Object({
  id: Type.Integer(),
  staffId: Type.Integer(),
  /** The username at the time of the write. */
  staffName: Type.String(),
  /** The staff's 姓名 now (empty when not given). */
  staffRealName: Type.String(),
  at: Type.Integer(),
  action: Type.String(),
  targetType: Type.String(),
  targetId: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
  ip: Type.String(),
})
export type AuditRow = Static<typeof AuditRow>
export const AuditPage = PageOf(AuditRow)
export type AuditPage = Static<typeof AuditPage>

/** 操作日志 words of the core areas (商品, 店铺装修, 订单, 售后, 会员, 员工与账号安全, 上传): types/auditLabels.ts. */
export const CORE_AUDIT: import('./auditLabels').AuditLabels = {
  actions: {
    'goods.create': '新建商品',
    'goods.update': '编辑商品',
    'goods.stock': '调整库存',
    'goods.shelf-on': '商品上架',
    'goods.shelf-off': '商品下架',
    'goods.copy': '复制商品',
    'goods.delete': '删除商品',
    'goods.import': '导入商品',
    'category.create': '新建分类',
    'category.update': '编辑分类',
    'category.delete': '删除分类',
    'brand.create': '新建品牌',
    'brand.update': '编辑品牌',
    'brand.delete': '删除品牌',
    'banner.create': '新建轮播图',
    'banner.update': '编辑轮播图',
    'banner.delete': '删除轮播图',
    'nav.create': '新建导航',
    'nav.update': '编辑导航',
    'nav.delete': '删除导航',
    'notice.create': '新建公告',
    'notice.update': '编辑公告',
    'notice.delete': '删除公告',
    'hotWord.create': '新建热搜词',
    'hotWord.update': '编辑热搜词',
    'hotWord.delete': '删除热搜词',
    'section.create': '新建商品专区',
    'section.update': '编辑商品专区',
    'section.delete': '删除商品专区',
    'order.ship': '发货',
    'order.waybill': '更正运单号',
    'order.trace': '添加物流轨迹',
    'order.remark': '订单备注',
    'order.cancel': '取消订单',
    'order.price': '订单改价',
    'order.pickup-verify': '自提核销',
    'order.refund': '商家退款',
    'afterSale.approve': '同意售后',
    'afterSale.refuse': '拒绝售后',
    'afterSale.receive': '确认收到退货',
    'afterSale.refund': '售后退款',
    'afterSale.refund-failed': '售后退款失败',
    'member.points': '调整积分',
    'member.disable': '停用会员',
    'member.enable': '启用会员',
    'staff.create': '添加员工',
    'staff.update': '编辑员工',
    'staff.role': '更改员工角色',
    'staff.password': '修改自己的密码',
    'staff.password-reset': '重置员工密码',
    'staff.2fa-setup': '准备两步验证',
    'staff.2fa-enable': '开启两步验证',
    'staff.2fa-disable': '关闭两步验证',
    'staff.2fa-reset': '重置员工的两步验证',
    'staff.recovery-codes': '重新生成恢复码',
    'staff.session-end': '结束登录设备',
    'role.create': '新建角色',
    'role.update': '编辑角色',
    'role.delete': '删除角色',
    'settings.staffSecurity': '员工登录要求',
    'upload.image': '上传图片',
  },
  targets: {
    goods: '商品',
    sku: '商品规格',
    category: '商品分类',
    brand: '品牌',
    banner: '轮播图',
    nav: '导航',
    notice: '公告',
    hotWord: '热搜词',
    section: '商品专区',
    order: '订单',
    afterSale: '售后单',
    member: '会员',
    staff: '员工',
    role: '角色',
    upload: '图片',
    settings: '设置',
    setting: '营销设置',
  },
  fields: {
    id: '编号',
    orderNo: '订单号',
    afterSaleNo: '售后单号',
    adminRemark: '商家备注',
    cancelReason: '取消原因',
    payAmount: '应付金额',
    refundTotal: '退款金额',
    expressName: '快递公司',
    refundAmount: '已退金额',
    refundError: '退款失败原因',
    rejectReason: '拒绝原因',
    returnTo: '退货地址',
    error: '失败原因',
    points: '积分',
    note: '备注',
    disabled: '停用',
    twoFactor: '两步验证',
    session: '登录设备',
    displayName: '姓名',
    mainImage: '主图',
    sales: '销量',
    isHot: '热卖',
    isNew: '新品',
    specText: '规格',
    goodsName: '商品',
    stockBefore: '原库存',
    path: '文件',
    time: '时间',
    url: '地址',
    phone: '手机号',
    nickname: '昵称',
    enabled: '启用',
    on: '开启',
    count: '数量',
    changed: '修改的项目',
  },
}
