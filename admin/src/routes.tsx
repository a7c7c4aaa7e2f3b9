/**
 * The console's pages: menu order 工作台 · 商品 · 订单 · 售后 · 会员 · (营销 · 代理 · 内容 · 财务 · 设置: part 2) · 系统.
 * Each page is its own chunk (React.lazy); `permission` hides the entry from staff without it (the server refuses anyway).
 */
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react'
import {
  AccountBookOutlined,
  AppstoreOutlined,
  ApartmentOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  SettingOutlined,
  ShoppingOutlined,
  TeamOutlined,
} from '@ant-design/icons'

export interface PageRoute {
  path: string
  name: string
  permission?: string
  page: LazyExoticComponent<ComponentType<{ params: Record<string, string> }>>
  /** Shown in the menu (details pages are not). */
  menu?: boolean
}
export interface MenuGroup {
  name: string
  icon: ReactNode
  path: string
  children: PageRoute[]
}

const page = (load: () => Promise<{ default: ComponentType<{ params: Record<string, string> }> }>) => lazy(load)

export const MENU: MenuGroup[] = [
  { name: '工作台', icon: <DashboardOutlined />, path: '/dashboard', children: [{ path: '/dashboard', name: '工作台', permission: 'dashboard.read', page: page(() => import('./pages/dashboard/Dashboard')), menu: true }] },
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
    name: '财务',
    icon: <AccountBookOutlined />,
    path: '/finance',
    children: [
      { path: '/finance/daily', name: '每日汇总', permission: 'ledgers.read', page: page(() => import('./pages/finance/Daily')), menu: true },
      { path: '/finance/payments', name: '支付记录', permission: 'ledgers.read', page: page(() => import('./pages/finance/Payments')), menu: true },
      { path: '/finance/refunds', name: '退款记录', permission: 'ledgers.read', page: page(() => import('./pages/finance/Refunds')), menu: true },
      { path: '/finance/ledgers', name: '账本', permission: 'ledgers.read', page: page(() => import('./pages/finance/Ledgers')), menu: true },
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
    ],
  },
]

export const ROUTES: PageRoute[] = MENU.flatMap((g) => g.children)
