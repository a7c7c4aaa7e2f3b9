import PageLayout from '@/components/PageLayout'

export default function NoticeListPage() {
  return <PageLayout variant='back' title='公告' />
}
