import PageLayout from '@/components/PageLayout'

export default function WebViewPrizeListPage() {
  return <PageLayout variant='back' title='奖品列表' />
}
