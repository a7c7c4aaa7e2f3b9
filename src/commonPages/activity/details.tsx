import PageLayout from '@/components/PageLayout'

export default function ActivityDetailsPage() {
  return <PageLayout variant='back' title='活动详情' />
}
