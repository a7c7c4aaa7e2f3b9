import { type ReactNode, useEffect } from 'react'
import Taro, { useDidShow } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { NavBar } from '@nutui/nutui-react-taro'
import { ArrowLeft } from '@nutui/icons-react-taro'
import { back, setTitle } from '@/core/nav'
import { useThemeClass } from '@/core/theme'
import { useLargeTextClass } from '@/stores/display'
import './index.scss'

/**
 * The four layouts of SPEC.md section 2:
 * - tab: a tab page above the tab bar (the bar itself is the shell's native one);
 * - back: a back arrow and a centred title;
 * - plain: no title bar;
 * - login: a transparent navbar with a back button, over the page.
 */
export type LayoutVariant = 'tab' | 'back' | 'plain' | 'login'

export interface PageLayoutProps {
  variant?: LayoutVariant
  title?: string
  right?: ReactNode
  onBack?: () => void
  className?: string
  children?: ReactNode
  /** Content fixed to the bottom (action bars); the page keeps room for it. */
  footer?: ReactNode
}

let statusBarHeight: number | null = null
/** Height of the system status bar in the mini-program (custom navigation draws under it); 0 on H5. */
export function getStatusBarHeight(): number {
  if (statusBarHeight === null) {
    statusBarHeight = process.env.TARO_ENV === 'h5' ? 0 : Taro.getSystemInfoSync?.().statusBarHeight || 0
  }
  return statusBarHeight
}

export default function PageLayout({ variant = 'back', title = '', right, onBack, className = '', children, footer }: PageLayoutProps) {
  useEffect(() => {
    if (title) setTitle(title)
  }, [title])
  useDidShow(() => {
    if (title) setTitle(title)
  })
  const themeClass = useThemeClass()
  const largeText = useLargeTextClass()
  const top = getStatusBarHeight()
  const goBack = () => (onBack ? onBack() : back())
  return (
    <View
      className={`page-layout page-layout--${variant} ${footer ? 'page-layout--with-footer' : ''} ${themeClass} ${largeText} ${className}`}
      style={{ paddingTop: variant === 'back' ? 0 : `${top}px` }}
    >
      {variant === 'back' && (
        <View className='page-layout__nav' style={{ paddingTop: `${top}px` }}>
          {/* The title prop (not children) gives NutUI's centred title (SPEC.md: back arrow with a centred title). */}
          <NavBar back={<ArrowLeft size={18} />} onBackClick={goBack} right={right} fixed={false} title={<Text className='page-layout__title'>{title}</Text>} />
        </View>
      )}
      {variant === 'login' && (
        <View className='page-layout__transparent-nav' style={{ top: `${top}px` }}>
          <View className='page-layout__back' onClick={goBack} aria-label='返回'>
            <ArrowLeft size={20} />
          </View>
          <Text className='page-layout__title'>{title}</Text>
          <View className='page-layout__back page-layout__back--ghost' />
        </View>
      )}
      <View className='page-layout__body'>{children}</View>
      {footer && <View className='page-layout__footer'>{footer}</View>}
    </View>
  )
}
