import PageLayout from '@/components/PageLayout'

export default function BusinessCardListPage() {
  return <PageLayout variant='back' title='我的名片' />
}
