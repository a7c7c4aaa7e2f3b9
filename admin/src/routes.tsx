/**
 * The console's pages: menu order 工作台 · 商品 · 订单 · 售后 · 会员 · 营销 · 代理 · 内容 · 财务 · 设置 · 系统.
 * Each page is its own chunk (React.lazy); `permission` hides the entry from staff without it (the server refuses anyway).
 */
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react'
import {
  AccountBookOutlined,
  AppstoreOutlined,
  ApartmentOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  GiftOutlined,
  ReadOutlined,
  SettingOutlined,
  ShoppingOutlined,
  TeamOutlined,
  ToolOutlined,
} from '@ant-design/icons'

export interface PageRoute {
  path: string
  name: string
  permission?: string
  page: LazyExoticComponent<ComponentType<{ params: Record<string, string> }>>
  /** Shown in the menu (details pages are not). */
  menu?: boolean
  /** The menu entry a page outside the menu highlights when its path is not under that entry's (layout/menuSelection.ts). */
  parent?: string
}
export interface MenuGroup {
  name: string
  icon: ReactNode
  path: string
  children: PageRoute[]
}

const page = (load: () => Promise<{ default: ComponentType<{ params: Record<string, string> }> }>) => lazy(load)

export const MENU: MenuGroup[] = [
  {
    name: '工作台',
    icon: <DashboardOutlined />,
    path: '/dashboard',
    children: [
      { path: '/dashboard', name: '工作台', permission: 'dashboard.read', page: page(() => import('./pages/dashboard/Dashboard')), menu: true },
      { path: '/todo/failures', name: '待处理异常', permission: 'dashboard.read', parent: '/dashboard', page: page(() => import('./pages/todo/Failures')) },
    ],
  },
  {
    name: '商品',
    icon: <AppstoreOutlined />,
    path: '/goods',
    children: [
      { path: '/goods', name: '商品列表', permission: 'goods.read', page: page(() => import('./pages/goods/GoodsList')), menu: true },
      { path: '/goods/new', name: '新建商品', permission: 'goods.write', page: page(() => import('./pages/goods/GoodsEdit')) },
      { path: '/goods/:id', name: '编辑商品', permission: 'goods.write', page: page(() => import('./pages/goods/GoodsEdit')) },
      { path: '/categories', name: '商品分类', permission: 'goods.read', page: page(() => import('./pages/goods/Categories')), menu: true },
      { path: '/brands', name: '品牌', permission: 'goods.read', page: page(() => import('./pages/goods/Brands')), menu: true },
      { path: '/storefront', name: '店铺装修', permission: 'storefront.read', page: page(() => import('./pages/storefront/Storefront')), menu: true },
    ],
  },
  {
    name: '订单',
    icon: <ShoppingOutlined />,
    path: '/orders',
    children: [
      { path: '/orders', name: '订单列表', permission: 'orders.read', page: page(() => import('./pages/orders/OrderList')), menu: true },
      { path: '/pickup-verify', name: '自提核销', permission: 'orders.write', page: page(() => import('./pages/orders/PickupVerify')), menu: true },
      { path: '/orders/print', name: '打印发货单', permission: 'orders.read', page: page(() => import('./pages/orders/OrdersPrint')) },
      { path: '/orders/:id', name: '订单详情', permission: 'orders.read', page: page(() => import('./pages/orders/OrderDetail')) },
    ],
  },
  {
    name: '售后',
    icon: <CustomerServiceOutlined />,
    path: '/after-sales',
    children: [
      { path: '/after-sales', name: '售后列表', permission: 'afterSales.read', page: page(() => import('./pages/afterSales/AfterSalesList')), menu: true },
      { path: '/after-sales/:id', name: '售后详情', permission: 'afterSales.read', page: page(() => import('./pages/afterSales/AfterSalesDetail')) },
    ],
  },
  {
    name: '会员',
    icon: <TeamOutlined />,
    path: '/members',
    children: [
      { path: '/members', name: '会员列表', permission: 'members.read', page: page(() => import('./pages/members/MemberList')), menu: true },
      { path: '/members/:id', name: '会员详情', permission: 'members.read', page: page(() => import('./pages/members/MemberDetail')) },
      { path: '/member-levels', name: '会员等级', permission: 'members.read', page: page(() => import('./pages/members/MemberLevels')), menu: true },
    ],
  },
  {
    name: '营销',
    icon: <GiftOutlined />,
    path: '/marketing',
    children: [
      { path: '/marketing/seckill', name: '秒杀', permission: 'marketing.read', page: page(() => import('./pages/marketing/SeckillSessions')), menu: true },
      { path: '/marketing/seckill/new', name: '新建秒杀场次', permission: 'marketing.write', page: page(() => import('./pages/marketing/SeckillEdit')) },
      { path: '/marketing/seckill/:id', name: '秒杀场次', permission: 'marketing.read', page: page(() => import('./pages/marketing/SeckillEdit')) },
      { path: '/marketing/group-buy', name: '拼团', permission: 'marketing.read', page: page(() => import('./pages/marketing/GroupBuyActivities')), menu: true },
      { path: '/marketing/group-buy/new', name: '新建拼团', permission: 'marketing.write', page: page(() => import('./pages/marketing/GroupBuyEdit')) },
      { path: '/marketing/group-buy/:id', name: '拼团活动', permission: 'marketing.read', page: page(() => import('./pages/marketing/GroupBuyEdit')) },
      { path: '/marketing/coupons', name: '优惠券', permission: 'marketing.read', page: page(() => import('./pages/marketing/Coupons')), menu: true },
      { path: '/marketing/coupon-records', name: '领用记录', permission: 'marketing.read', page: page(() => import('./pages/marketing/CouponRecords')), menu: true },
      { path: '/marketing/new-member-package', name: '新人礼包', permission: 'marketing.read', page: page(() => import('./pages/marketing/NewMemberPackage')), menu: true },
      { path: '/marketing/points-rules', name: '积分规则', permission: 'marketing.read', page: page(() => import('./pages/marketing/PointsRules')), menu: true },
      { path: '/marketing/points-goods', name: '积分商城', permission: 'marketing.read', page: page(() => import('./pages/marketing/PointsGoods')), menu: true },
      { path: '/marketing/missions', name: '任务中心', permission: 'marketing.read', page: page(() => import('./pages/marketing/PointsMissions')), menu: true },
      { path: '/marketing/blind-box', name: '盲盒奖池', permission: 'marketing.read', page: page(() => import('./pages/marketing/BlindBox')), menu: true },
      { path: '/marketing/blind-box-shipping', name: '盲盒发货', permission: 'marketing.read', page: page(() => import('./pages/marketing/BlindBoxShipping')), menu: true },
      { path: '/marketing/cashback', name: '返现规则', permission: 'marketing.read', page: page(() => import('./pages/marketing/CashbackCampaigns')), menu: true },
      { path: '/marketing/recharge', name: '充值', permission: 'marketing.read', page: page(() => import('./pages/marketing/RechargePackages')), menu: true },
      { path: '/marketing/cashback-tasks', name: '返现审核', permission: 'marketing.read', page: page(() => import('./pages/marketing/CashbackTasks')), menu: true },
    ],
  },
  {
    name: '代理',
    icon: <ApartmentOutlined />,
    path: '/agents',
    children: [
      { path: '/agents/list', name: '代理列表', permission: 'agents.read', page: page(() => import('./pages/agents/AgentList')), menu: true },
      { path: '/agents/applications', name: '代理申请', permission: 'agents.read', page: page(() => import('./pages/agents/Applications')), menu: true },
      { path: '/agents/rules', name: '代理规则', permission: 'agents.read', page: page(() => import('./pages/agents/Rules')), menu: true },
      { path: '/agents/withdrawals', name: '提现审核', permission: 'withdrawals.read', page: page(() => import('./pages/agents/Withdrawals')), menu: true },
      { path: '/agents/ledger', name: '佣金流水', permission: 'withdrawals.read', page: page(() => import('./pages/agents/CommissionLedger')), menu: true },
      { path: '/agents/list/:id', name: '代理详情', permission: 'agents.read', page: page(() => import('./pages/agents/AgentDetail')) },
    ],
  },
  {
    name: '内容',
    icon: <ReadOutlined />,
    path: '/content',
    children: [
      { path: '/content/activities', name: '活动', permission: 'content.read', page: page(() => import('./pages/content/Activities')), menu: true },
      { path: '/content/articles', name: '文章', permission: 'content.read', page: page(() => import('./pages/content/Articles')), menu: true },
      { path: '/content/web-links', name: '网页链接', permission: 'content.read', page: page(() => import('./pages/content/WebLinks')), menu: true },
      { path: '/content/videos', name: '短视频', permission: 'content.read', page: page(() => import('./pages/content/Videos')), menu: true },
      { path: '/content/reviews', name: '评价', permission: 'content.read', page: page(() => import('./pages/content/Reviews')), menu: true },
      { path: '/content/feedback', name: '意见反馈', permission: 'feedback.read', page: page(() => import('./pages/content/Feedback')), menu: true },
    ],
  },
  {
    name: '财务',
    icon: <AccountBookOutlined />,
    path: '/finance',
    children: [
      { path: '/finance/daily', name: '每日汇总', permission: 'ledgers.read', page: page(() => import('./pages/finance/Daily')), menu: true },
      { path: '/finance/payments', name: '支付记录', permission: 'ledgers.read', page: page(() => import('./pages/finance/Payments')), menu: true },
      { path: '/finance/refunds', name: '退款记录', permission: 'ledgers.read', page: page(() => import('./pages/finance/Refunds')), menu: true },
      { path: '/finance/balance', name: '余额', permission: 'ledgers.read', page: page(() => import('./pages/finance/Balance')), menu: true },
      { path: '/finance/balance-withdrawals', name: '余额提现', permission: 'ledgers.read', page: page(() => import('./pages/finance/BalanceWithdrawals')), menu: true },
      { path: '/finance/recharges', name: '充值订单', permission: 'ledgers.read', page: page(() => import('./pages/finance/Recharges')), menu: true },
      { path: '/finance/ledgers', name: '账本', permission: 'ledgers.read', page: page(() => import('./pages/finance/Ledgers')), menu: true },
      { path: '/finance/reconcile', name: '对账', permission: 'ledgers.read', page: page(() => import('./pages/finance/Reconcile')), menu: true },
    ],
  },
  {
    name: '设置',
    icon: <ToolOutlined />,
    path: '/settings',
    children: [
      { path: '/settings/shop', name: '店铺', permission: 'settings.read', page: page(() => import('./pages/settings/Shop')), menu: true },
      { path: '/settings/freight', name: '运费', permission: 'settings.read', page: page(() => import('./pages/settings/Freight')), menu: true },
      { path: '/settings/return-addresses', name: '退货地址', permission: 'settings.read', page: page(() => import('./pages/settings/ReturnAddresses')), menu: true },
      { path: '/settings/pickup-points', name: '自提点', permission: 'settings.read', page: page(() => import('./pages/settings/PickupPoints')), menu: true },
      { path: '/settings/wechat', name: '微信', permission: 'settings.read', page: page(() => import('./pages/settings/Wechat')), menu: true },
      { path: '/settings/sms', name: '短信', permission: 'settings.read', page: page(() => import('./pages/settings/Sms')), menu: true },
      { path: '/settings/tracking', name: '物流跟踪', permission: 'settings.read', page: page(() => import('./pages/settings/Tracking')), menu: true },
      { path: '/settings/messages', name: '消息', permission: 'settings.read', page: page(() => import('./pages/settings/Messages')), menu: true },
      { path: '/settings/doctor', name: '设置检查', permission: 'settings.read', page: page(() => import('./pages/settings/Doctor')), menu: true },
    ],
  },
  {
    name: '系统',
    icon: <SettingOutlined />,
    path: '/system',
    children: [
      { path: '/system/staff', name: '员工', permission: 'staff.read', page: page(() => import('./pages/system/Staff')), menu: true },
      { path: '/system/roles', name: '角色', permission: 'staff.read', page: page(() => import('./pages/system/Roles')), menu: true },
      { path: '/system/audit', name: '操作日志', permission: 'audit.read', page: page(() => import('./pages/system/AuditLog')), menu: true },
      { path: '/system/password', name: '修改密码', page: page(() => import('./pages/system/Password')) },
      { path: '/system/security', name: '账号安全', page: page(() => import('./pages/system/Security')) },
    ],
  },
]

export const ROUTES: PageRoute[] = MENU.flatMap((g) => g.children)
