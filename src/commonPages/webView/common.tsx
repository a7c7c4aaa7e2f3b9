import SafeWebView from '@/components/SafeWebView'

export default function WebViewCommonPage() {
  return <SafeWebView kind='common' defaultTitle='网页' />
}
