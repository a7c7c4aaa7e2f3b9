import PageLayout from '@/components/PageLayout'

export default function WebViewCommonPage() {
  return <PageLayout variant='plain' title='网页' />
}
