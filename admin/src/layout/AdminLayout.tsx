import { Suspense, useMemo } from 'react'
import { ProLayout } from '@ant-design/pro-components'
import { Button, Dropdown, Result, Spin } from 'antd'
import { BgColorsOutlined, CheckOutlined, KeyOutlined, LogoutOutlined, SafetyOutlined } from '@ant-design/icons'
import { MENU, ROUTES } from '../routes'
import { matchPath, navigate, useLocation } from '../core/router'
import { useSession } from '../core/session'
import { setThemeChoice, useTheme, type ThemeChoice } from '../core/theme'
import { useMobile } from '../core/useMobile'

const THEMES: Array<{ key: ThemeChoice; label: string }> = [
  { key: 'light', label: '浅色' },
  { key: 'dark', label: '深色' },
  { key: 'system', label: '跟随系统' },
]

/** The page for a path: the first route whose pattern matches ('/goods/new' before '/goods/:id'). */
function findRoute(path: string) {
  for (const r of ROUTES) {
    const params = matchPath(r.path, path)
    if (params) return { route: r, params }
  }
  return null
}

export function AdminLayout() {
  const { path } = useLocation()
  const { session, signOut, can } = useSession()
  const { dark, choice } = useTheme()
  const mobile = useMobile()
  // The owner requires two-factor sign-in and this account has none yet: only 账号安全 until it is set up.
  const mustEnrol = !!session?.twoFactor.setupRequired
  const found = findRoute(mustEnrol ? '/system/security' : path)

  // The menu lists only what this staff may open; groups with nothing left disappear.
  const route = useMemo(
    () => ({
      path: '/',
      routes: MENU.map((g) => {
        const entries = g.children.filter((c) => c.menu && can(c.permission))
        // A group with one page is a plain entry, not a sub-menu of one.
        return {
          path: entries.length === 1 ? entries[0].path : g.path,
          name: g.name,
          icon: g.icon,
          routes: entries.length > 1 ? entries.map((c) => ({ path: c.path, name: c.name })) : undefined,
          hideInMenu: !entries.length,
        }
      }),
    }),
    [can],
  )

  return (
    <ProLayout
      title='商家后台'
      logo={false}
      layout='mix'
      fixSiderbar
      splitMenus={false}
      navTheme={dark ? 'realDark' : 'light'}
      route={route}
      location={{ pathname: found?.route.menu ? found.route.path : (MENU.find((g) => path.startsWith(g.path))?.children[0].path ?? path) }}
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
