import { Suspense, useMemo } from 'react'
import { ProLayout } from '@ant-design/pro-components'
import { Button, Dropdown, Result, Spin } from 'antd'
import { BgColorsOutlined, CheckOutlined, KeyOutlined, LogoutOutlined, SafetyOutlined } from '@ant-design/icons'
import { MENU, ROUTES } from '../routes'
import { navigate, useLocation } from '../core/router'
import { useSession } from '../core/session'
import { setThemeChoice, useTheme, type ThemeChoice } from '../core/theme'
import { useMobile } from '../core/useMobile'
import { findRoute, menuRoute, selectedMenuPath } from './menuSelection'

const THEMES: Array<{ key: ThemeChoice; label: string }> = [
  { key: 'light', label: '浅色' },
  { key: 'dark', label: '深色' },
  { key: 'system', label: '跟随系统' },
]

export function AdminLayout() {
  const { path } = useLocation()
  const { session, signOut, can } = useSession()
  const { dark, choice } = useTheme()
  const mobile = useMobile()
  // The owner requires two-factor sign-in and this account has none yet: only 账号安全 until it is set up.
  const mustEnrol = !!session?.twoFactor.setupRequired
  const shown = mustEnrol ? '/system/security' : path
  const found = findRoute(ROUTES, shown)

  // The menu lists only what this staff may open; groups with nothing left disappear.
  const route = useMemo(() => menuRoute(MENU, can), [can])
  // The entry this page belongs to (itself, its list, or none: never a neighbour).
  const selected = selectedMenuPath(MENU, shown)

  return (
    <ProLayout
      title='商家后台'
      logo={false}
      layout='mix'
      fixSiderbar
      splitMenus={false}
      navTheme={dark ? 'realDark' : 'light'}
      route={route}
      location={{ pathname: selected ?? shown }}
      menuItemRender={(item, dom) => (
        <a
          href={`/admin${item.path}`}
          onClick={(e) => {
            e.preventDefault()
            if (item.path) navigate(item.path)
          }}
        >
          {dom}
        </a>
      )}
      subMenuItemRender={(_, dom) => dom}
      onMenuHeaderClick={() => navigate('/dashboard')}
      token={{ pageContainer: { paddingInlinePageContainerContent: mobile ? 12 : 40, paddingBlockPageContainerContent: mobile ? 12 : 32 } }}
      actionsRender={() => [
        <Dropdown
          key='theme'
          trigger={['click']}
          menu={{
            selectedKeys: [choice],
            items: THEMES.map((t) => ({ key: t.key, label: t.label, icon: t.key === choice ? <CheckOutlined /> : <span style={{ display: 'inline-block', width: 14 }} /> })),
            onClick: ({ key }) => setThemeChoice(key as ThemeChoice),
          }}
        >
          {/* The name contains the label shown beside the icon (axe: label-content-name-mismatch). */}
          <Button type='text' icon={<BgColorsOutlined />} aria-label={mobile ? '主题' : `主题：${THEMES.find((t) => t.key === choice)?.label}`}>
            {mobile ? null : THEMES.find((t) => t.key === choice)?.label}
          </Button>
        </Dropdown>,
      ]}
      avatarProps={{
        title: session?.staff.realName || session?.staff.username,
        size: 'small',
        render: (_, dom) => (
          <Dropdown
            menu={{
              // 账号安全 and 修改密码 are this menu's pages, not the side menu's: the open one is marked here.
              selectedKeys: [{ '/system/security': 'security', '/system/password': 'password' }[shown] ?? ''],
              items: [
                { key: 'security', icon: <SafetyOutlined />, label: '账号安全', onClick: () => navigate('/system/security') },
                { key: 'password', icon: <KeyOutlined />, label: '修改密码', onClick: () => navigate('/system/password') },
                { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', onClick: () => void signOut() },
              ],
            }}
          >
            <span data-testid='account-menu'>{dom}</span>
          </Dropdown>
        ),
      }}
    >
      <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
        {!found ? (
          <Result status='404' title='页面不存在' />
        ) : !can(found.route.permission) ? (
          <Result status='403' title='没有权限' subTitle='当前账号的角色不能查看此页面' />
        ) : (
          <found.route.page key={mustEnrol ? 'enrol' : path} params={found.params} />
        )}
      </Suspense>
    </ProLayout>
  )
}
