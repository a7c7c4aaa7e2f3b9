import PageLayout from '@/components/PageLayout'

export default function NoticeDetailsPage() {
  return <PageLayout variant='back' title='公告详情' />
}
