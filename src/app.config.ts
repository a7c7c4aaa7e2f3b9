import { MAIN_PAGES, SUBPACKAGES, TAB_PAGES, TAB_BAR_STYLE } from './routes'

// The mini-program follows the system theme through theme.json variables ("@name");
// H5 uses the literal light colours and switches to dark with prefers-color-scheme in CSS.
const weapp = process.env.TARO_ENV === 'weapp'
const themed = <T>(variable: string, light: T): T => (weapp ? (variable as unknown as T) : light)

export default defineAppConfig({
  pages: [...MAIN_PAGES],
  subPackages: SUBPACKAGES.map((s) => ({ root: s.root, pages: [...s.pages] })),
  window: {
    backgroundTextStyle: themed('@bgTxtStyle', 'light'),
    navigationBarBackgroundColor: themed('@navBgColor', '#ffffff'),
    navigationBarTitleText: '商城',
    navigationBarTextStyle: themed('@navTxtStyle', 'black'),
    backgroundColor: themed('@bgColor', '#f5f5f5'),
    navigationStyle: 'custom',
  },
  tabBar: {
    color: themed('@tabColor', TAB_BAR_STYLE.color),
    selectedColor: themed('@tabSelectedColor', TAB_BAR_STYLE.selectedColor),
    backgroundColor: themed('@tabBgColor', TAB_BAR_STYLE.backgroundColor),
    borderStyle: themed('@tabBorderStyle', TAB_BAR_STYLE.borderStyle),
    list: TAB_PAGES.map((t) => ({
      pagePath: t.path,
      text: t.text,
      iconPath: themed(`@tab_${t.icon}`, `assets/tabbar/${t.icon}.png`),
      selectedIconPath: themed(`@tab_${t.icon}_active`, `assets/tabbar/${t.icon}-active.png`),
    })),
  },
  ...(weapp ? { darkmode: true, themeLocation: 'theme.json' } : {}),
  lazyCodeLoading: 'requiredComponents',
  // WeChat's 物流查询 plug-in (docs/wechat.md "WeChat logistics page"): only when the build asks for it, since the
  // plug-in must be added to the mini-program in the WeChat admin first (and offline compilers cannot fetch it).
  ...(weapp && process.env.WEAPP_LOGISTICS_PLUGIN === '1' ? { plugins: { logisticsPlugin: { version: '2.1.5', provider: 'wx9ad912bf20548d92' } } } : {}),
})
