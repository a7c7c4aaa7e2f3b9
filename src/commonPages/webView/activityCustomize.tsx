import PageLayout from '@/components/PageLayout'

export default function WebViewActivityCustomizePage() {
  return <PageLayout variant='plain' title='活动' />
}
