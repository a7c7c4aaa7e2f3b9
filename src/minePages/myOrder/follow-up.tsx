import PageLayout from '@/components/PageLayout'

export default function MyOrderFollowUpPage() {
  return <PageLayout variant='back' title='追加评价' />
}
