import PageLayout from '@/components/PageLayout'

export default function BusinessCardEditPage() {
  return <PageLayout variant='back' title='编辑名片' />
}
