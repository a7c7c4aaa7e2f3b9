import SafeWebView from '@/components/SafeWebView'

export default function WebViewActivityWebPage() {
  return <SafeWebView kind='activityWeb' defaultTitle='活动' />
}
