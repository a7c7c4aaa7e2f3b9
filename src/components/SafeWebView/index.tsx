import { useEffect, useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { Text, View, WebView } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import type { WebViewKind } from '@contract/content'
import PageLayout from '@/components/PageLayout'
import { checkWebUrl } from '@/api/content'
import { back } from '@/core/nav'
import { resolveWebUrl } from '@/utils/webview'
import './index.scss'

export const REFUSED_TEXT = '该链接不在允许访问的范围内'

/**
 * A web-view page: shows the address in the query ("url", URL-encoded) only when the server's allow-list
 * accepts its host (GET /api/content/checkWebUrl); activity pages get the member's token appended there.
 * Otherwise a clear refusal. On H5 Taro's WebView renders an iframe.
 */
export default function SafeWebView({ kind, defaultTitle }: { kind: WebViewKind; defaultTitle: string }) {
  const { params } = useRouter()
  const [state, setState] = useState<{ status: 'checking' | 'allowed' | 'refused'; url: string }>({ status: 'checking', url: '' })
  const title = params.title ? safeDecode(params.title) : defaultTitle

  // Checked again only when the link changes.
  const link = params.url
  useEffect(() => {
    const check = async () => {
      const url = resolveWebUrl(link)
      if (!url) return setState({ status: 'refused', url: '' })
      setState({ status: 'checking', url: '' })
      try {
        const res = await checkWebUrl(url, kind)
        setState(res.allowed && res.url ? { status: 'allowed', url: res.url } : { status: 'refused', url: '' })
      } catch {
        setState({ status: 'refused', url: '' })
      }
    }
    check()
  }, [link, kind])

  if (state.status === 'allowed') {
    // The mini-program's web-view covers the page; on H5 the iframe fills the space under the title bar.
    return process.env.TARO_ENV === 'h5' ? (
      // activityCustomize: the page draws its own header, so only a floating back button sits over it.
      <PageLayout
        variant={kind === 'activityCustomize' ? 'login' : 'back'}
        title={kind === 'activityCustomize' ? '' : title}
        className={`safe-webview ${kind === 'activityCustomize' ? 'safe-webview--full' : ''}`}
      >
        <WebView className='safe-webview__frame' src={state.url} />
      </PageLayout>
    ) : (
      <WebView src={state.url} />
    )
  }
  return (
    <PageLayout variant='back' title={title}>
      {state.status === 'checking' ? (
        <View className='empty-hint'>正在打开…</View>
      ) : (
        <View className='safe-webview__refused'>
          <View className='safe-webview__icon'>!</View>
          <Text className='safe-webview__text'>{REFUSED_TEXT}</Text>
          <Text className='safe-webview__sub'>为了您的账户安全，我们只打开本店认可的网页</Text>
          <Button type='primary' fill='outline' onClick={() => back()}>
            返回
          </Button>
        </View>
      )}
    </PageLayout>
  )
}

function safeDecode(s: string) {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}
