import SafeWebView from '@/components/SafeWebView'

export default function WebViewActivityCustomizePage() {
  return <SafeWebView kind='activityCustomize' defaultTitle='活动' />
}
