import PageLayout from '@/components/PageLayout'

export default function CashbackDetailsPage() {
  return <PageLayout variant='back' title='返现详情' />
}
