import PageLayout from '@/components/PageLayout'

export default function MyOrderEvaluatePage() {
  return <PageLayout variant='back' title='评价晒单' />
}
