import PageLayout from '@/components/PageLayout'

export default function ActivityListPage() {
  return <PageLayout variant='back' title='活动列表' />
}
