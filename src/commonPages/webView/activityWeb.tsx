import PageLayout from '@/components/PageLayout'

export default function WebViewActivityWebPage() {
  return <PageLayout variant='plain' title='活动' />
}
